/** The /protects editor's model: edits keep WeChat's shape, and the problems are the contract's. */
import { describe, expect, it } from 'vitest';
import { addSub, addTop, canAddSub, canAddTop, EMPTY_MENU, menuProblems, removeAt, updateAt } from './menuModel';

describe('公众号菜单 editor model', () => {
  it('adds at most 3 buttons and 5 sub-buttons; a button with sub-buttons has no action of its own', () => {
    let m = EMPTY_MENU;
    for (let i = 0; i < 3; i++) m = addTop(m);
    expect(canAddTop(m)).toBe(false);
    for (let i = 0; i < 5; i++) m = addSub(m, 0);
    expect(canAddSub(m, 0)).toBe(false);
    expect(m.buttons[0]).not.toHaveProperty('type');
    expect(m.buttons[0]!.sub).toHaveLength(5);
  });

  it('removing the last sub-button gives the button an action again', () => {
    const m = removeAt(addSub(addTop(EMPTY_MENU), 0), { top: 0, sub: 0 });
    expect(m.buttons[0]).toMatchObject({ type: 'view', sub: [] });
  });

  it('names the problems: an empty menu, a long name, a missing address', () => {
    expect(menuProblems(EMPTY_MENU)).toEqual(['请至少添加一个菜单']);
    let m = updateAt(addTop(EMPTY_MENU), { top: 0 }, { name: '会员服务中心', url: '' });
    expect(menuProblems(m)).toContain('菜单名称最多 4 个汉字或 8 个字母');
    m = updateAt(m, { top: 0 }, { name: '会员', url: 'https://m.example.com' });
    expect(menuProblems(m)).toEqual([]);
    m = updateAt(m, { top: 0 }, { type: 'click', key: '' });
    expect(menuProblems(m)).toEqual(['「会员」：请填写事件 KEY']);
  });
});
