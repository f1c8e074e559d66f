/**
 * HTTP client of WeCom's customer-contact API (客户联系), as far as the SCRM sync needs it. The
 * same code talks to WeCom and to the built-in simulator (simulator.ts); docs/scrm.md:
 *
 * - `GET {base}/cgi-bin/gettoken?corpid&corpsecret` → `{ errcode: 0, access_token, expires_in }`
 * - `POST /cgi-bin/externalcontact/get_corp_tag_list` `{}` → `{ tag_group: [{ group_name, tag: [{ id, name }] }] }`
 * - `POST /cgi-bin/externalcontact/add_corp_tag` `{ group_name, tag: [{ name }] }` → `{ tag_group: { group_name, tag } }`
 * - `POST /cgi-bin/externalcontact/batch/get_by_user` `{ userid_list, cursor, limit }` →
 *   `{ external_contact_list: [{ external_contact: { external_userid, name }, follow_info: { userid,
 *   remark_mobiles, createtime, tag_id } }], next_cursor }`
 * - `POST /cgi-bin/externalcontact/mark_tag` `{ userid, external_userid, add_tag, remove_tag }` → `{ errcode: 0 }`
 *
 * Every POST carries `?access_token=`; a token WeCom no longer knows (40014, 42001) is fetched
 * again, once. Any other errcode throws a WecomError.
 */
import { WECOM, WecomError } from '../wxwork/client';

export interface WecomTagGroup {
  group_name: string;
  tag: { id: string; name: string }[];
}

export interface WecomContact {
  external_contact: { external_userid: string; name: string };
  follow_info: { userid: string; remark_mobiles?: string[]; createtime: number; tag_id?: string[] };
}

export interface ScrmClientOptions {
  base: string;
  corpId: string;
  secret: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

type Answer = Record<string, unknown> & { errcode?: number; errmsg?: string };

export class ScrmClient {
  private token: string | null = null;
  private readonly fetch: typeof fetch;

  constructor(private readonly opts: ScrmClientOptions) {
    this.fetch = opts.fetch ?? globalThis.fetch;
  }

  private async get(url: string, init?: RequestInit): Promise<Answer> {
    let res: Response;
    try {
      res = await this.fetch(url, { ...init, signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000) });
    } catch (e) {
      throw new WecomError(WECOM.UNREACHABLE, e instanceof Error ? e.message : String(e));
    }
    try {
      return (await res.json()) as Answer;
    } catch {
      throw new WecomError(WECOM.UNREACHABLE, `HTTP ${res.status}，返回的不是 JSON`);
    }
  }

  private async accessToken(): Promise<string> {
    if (this.token) return this.token;
    const q = new URLSearchParams({ corpid: this.opts.corpId, corpsecret: this.opts.secret });
    const a = await this.get(`${this.opts.base}/cgi-bin/gettoken?${q}`);
    if (a.errcode !== WECOM.OK || typeof a.access_token !== 'string') {
      throw new WecomError(Number(a.errcode ?? WECOM.UNREACHABLE), String(a.errmsg ?? ''));
    }
    this.token = a.access_token;
    return this.token;
  }

  private async post<T>(path: string, body: unknown, again = true): Promise<T & Answer> {
    const token = await this.accessToken();
    const a = await this.get(
      `${this.opts.base}/cgi-bin/externalcontact/${path}?access_token=${encodeURIComponent(token)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
    );
    if ((a.errcode === WECOM.INVALID_TOKEN || a.errcode === WECOM.TOKEN_EXPIRED) && again) {
      this.token = null;
      return this.post(path, body, false);
    }
    if (a.errcode !== WECOM.OK) throw new WecomError(Number(a.errcode ?? WECOM.UNREACHABLE), String(a.errmsg ?? ''));
    return a as T & Answer;
  }

  async corpTags(): Promise<WecomTagGroup[]> {
    return (await this.post<{ tag_group: WecomTagGroup[] }>('get_corp_tag_list', {})).tag_group ?? [];
  }

  async addCorpTag(groupName: string, name: string): Promise<string> {
    const a = await this.post<{ tag_group: WecomTagGroup }>('add_corp_tag', { group_name: groupName, tag: [{ name }] });
    const tag = a.tag_group?.tag?.find((t) => t.name === name);
    if (!tag) throw new WecomError(WECOM.UNREACHABLE, '企业微信未返回新建的标签');
    return tag.id;
  }

  /** Every customer of the given WeCom members, page by page. */
  async contactsOf(userids: readonly string[]): Promise<WecomContact[]> {
    const out: WecomContact[] = [];
    for (let i = 0; i < userids.length; i += 100) {
      let cursor = '';
      do {
        const a = await this.post<{ external_contact_list: WecomContact[]; next_cursor?: string }>(
          'batch/get_by_user',
          {
            userid_list: userids.slice(i, i + 100),
            cursor,
            limit: 100,
          },
        );
        out.push(...(a.external_contact_list ?? []));
        cursor = a.next_cursor ?? '';
      } while (cursor);
    }
    return out;
  }

  async markTag(userid: string, externalUserId: string, add: string[], remove: string[]): Promise<void> {
    await this.post('mark_tag', { userid, external_userid: externalUserId, add_tag: add, remove_tag: remove });
  }
}
