/** What a page that a later issue builds shows: exactly NOT_BUILT_TEXT, nothing pretending to work. */
import { NOT_BUILT_TEXT } from '@zb/contract/constants';
import { Empty } from 'antd';

export default function NotBuilt() {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NOT_BUILT_TEXT} />;
}
