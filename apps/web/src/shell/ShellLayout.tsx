/** The shell (SPEC §2.2): left menu with its hover panel, top bar, breadcrumb and title, the kept-alive pages, the watermark. */
import { Layout } from 'antd';
import { useLiveStream } from '../platform/live/useLive';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { PageHeader } from './PageHeader';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';
import { Watermark } from './Watermark';

const SIDER_WIDTH = 220;

function Loading() {
  return <div style={{ padding: 48, textAlign: 'center', color: 'rgba(0,0,0,0.45)' }}>加载中…</div>;
}

export default function ShellLayout() {
  useLiveStream();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      {/* A sticky Sider is its own stacking context: its z-index keeps the hover panel above the page. */}
      <Layout.Sider
        width={SIDER_WIDTH}
        style={{ overflow: 'auto', height: '100vh', position: 'sticky', top: 0, zIndex: 100 }}
      >
        <div style={{ height: 16 }} />
        <SideMenu width={SIDER_WIDTH} />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: '#fff', padding: '0 24px', borderBottom: '1px solid #f0f0f0' }}>
          <TopBar />
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <PageHeader />
          <main style={{ background: '#fff', padding: 24, borderRadius: 8, minHeight: 360 }}>
            <KeepAliveOutlet fallback={<Loading />} />
          </main>
        </Layout.Content>
      </Layout>
      <Watermark />
    </Layout>
  );
}
