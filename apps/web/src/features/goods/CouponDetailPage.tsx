/** /couponDetail (卡项详情): one card, with the projects and sessions of a combo card. */
import { CARD } from '@zb/contract/entities/card';
import { ResourceDetailPage } from '../../platform/resource/ResourceDetailPage';
import { CardProjectsInput } from './CardProjectsInput';

const INPUTS = { projects: CardProjectsInput };

export default function CouponDetailPage() {
  return <ResourceDetailPage decl={CARD} inputs={INPUTS} />;
}
