/** The simulator's HTML pages: self-contained, Chinese, no script. */

export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const TITLE = '企业微信扫码登录模拟器';

const STYLE = `
body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f0f2f5;color:#1f1f1f}
main{max-width:420px;margin:40px auto;background:#fff;border-radius:8px;padding:24px 28px;box-shadow:0 2px 8px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 4px}
p.sub{color:#8c8c8c;margin:0 0 20px;font-size:13px}
ul{list-style:none;padding:0;margin:0}
li{display:flex;align-items:center;justify-content:space-between;padding:12px 0;border-top:1px solid #f0f0f0}
.name{font-size:16px}.uid{color:#8c8c8c;font-size:12px;margin-left:8px}
button{background:#1677ff;color:#fff;border:0;border-radius:6px;padding:6px 14px;font-size:14px;cursor:pointer}
.msg{font-size:16px;padding:16px 0}.ok{color:#389e0d}.err{color:#cf1322}
`;

const page = (body: string): string =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${TITLE}</title><style>${STYLE}</style></head><body><main><h1>${TITLE}</h1>${body}</main></body></html>`;

export interface DirectoryPerson {
  userid: string;
  name: string;
}

export interface ConfirmFields {
  appid: string;
  agentid: string;
  redirectUri: string;
  state: string;
}

const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;

/** The QR page: the corp's people, each with 确认登录. */
export const directoryPage = (people: readonly DirectoryPerson[], confirmPath: string, f: ConfirmFields): string => {
  const rows = people
    .map(
      (p) =>
        `<li><span><span class="name">${escapeHtml(p.name)}</span><span class="uid">${escapeHtml(p.userid)}</span></span>` +
        `<form method="post" action="${escapeHtml(confirmPath)}">${hidden('appid', f.appid)}${hidden('agentid', f.agentid)}` +
        `${hidden('redirect_uri', f.redirectUri)}${hidden('state', f.state)}${hidden('userid', p.userid)}` +
        `<button type="submit" aria-label="以${escapeHtml(p.name)}确认登录">确认登录</button></form></li>`,
    )
    .join('');
  const list = people.length > 0 ? `<ul>${rows}</ul>` : '<p class="msg">通讯录中没有成员</p>';
  return page(`<p class="sub">选择扫码的成员，确认后登录页将自动登录</p>${list}`);
};

/** A one-line answer page (confirmed, expired, bad request). */
export const messagePage = (text: string, kind: 'ok' | 'err'): string =>
  page(`<p class="msg ${kind}" role="status">${escapeHtml(text)}</p>`);
