/** The alert and notice hosts, as one lazily loaded chunk (LazyHosts loads it). */
import { AlertHost } from './AlertHost';
import { NoticeHost } from './NoticeHost';

export default function Hosts() {
  return (
    <>
      <AlertHost />
      <NoticeHost />
    </>
  );
}
