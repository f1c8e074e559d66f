/** The 扫码登录 tab: a QR code drawn locally, its link for testing without a phone, its expiry. */
import { Alert, Button, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useWxworkQr } from './useWxworkQr';

const QR_SIZE = 200;

/** The QR code as SVG markup; the qrcode library loads only with this tab. */
const drawQr = async (text: string): Promise<string> => {
  const mod = await import('qrcode');
  const qr = (mod as unknown as { default?: typeof mod }).default ?? mod;
  return qr.toString(text, { type: 'svg', margin: 1, width: QR_SIZE, errorCorrectionLevel: 'M' });
};

const box = { width: QR_SIZE, height: QR_SIZE, margin: '0 auto' } as const;

export function WxworkQr({ active }: { active: boolean }) {
  const { view, refresh } = useWxworkQr(active);
  const link = view.kind === 'ready' ? view.link : null;
  const [svg, setSvg] = useState<string | null>(null);

  useEffect(() => {
    setSvg(null);
    if (!link) return;
    let current = true;
    void drawQr(link).then((markup) => {
      if (current) setSvg(markup);
    });
    return () => {
      current = false;
    };
  }, [link]);

  if (view.kind === 'failed') {
    return (
      <Alert
        type="error"
        showIcon
        title={view.text}
        action={
          <Button size="small" onClick={refresh}>
            重试
          </Button>
        }
      />
    );
  }

  return (
    <div style={{ textAlign: 'center' }}>
      {view.kind === 'expired' ? (
        <div style={{ ...box, display: 'flex', flexDirection: 'column', justifyContent: 'center', gap: 12 }}>
          <div style={{ fontSize: 16 }}>二维码已失效</div>
          <div>
            <Button type="primary" onClick={refresh}>
              刷新二维码
            </Button>
          </div>
        </div>
      ) : svg ? (
        // Markup made by the qrcode library from our own link: paths only.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: generated SVG, no user input.
        <div role="img" aria-label="企业微信登录二维码" style={box} dangerouslySetInnerHTML={{ __html: svg }} />
      ) : (
        <div style={{ ...box, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Spin />
        </div>
      )}
      <p style={{ margin: '16px 0 4px' }}>请使用企业微信扫描二维码登录</p>
      {link && (
        <a href={link} target="_blank" rel="noopener noreferrer">
          在新标签页打开
        </a>
      )}
    </div>
  );
}
