import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetVisitorInMemory, newVisitorId, VISITOR_ID, VISITOR_KEY, visitorId } from './visitor';

/** A storage that refuses everything, as a browser blocking site data does. */
const blocked = {
  getItem: () => {
    throw new DOMException('blocked', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('blocked', 'SecurityError');
  },
} as unknown as Storage;

describe('the visitor id', () => {
  beforeEach(() => forgetVisitorInMemory());

  it('is v_ and 32 hexadecimal digits, as the server accepts', () => {
    const id = newVisitorId();
    expect(id).toMatch(/^v_[0-9a-f]{32}$/);
    expect(id).toMatch(VISITOR_ID);
    expect(newVisitorId()).not.toBe(id);
  });

  it('is made without randomUUID on a page that is not a secure context', () => {
    const getRandomValues = vi.fn(<T extends ArrayBufferView | null>(a: T) => {
      new Uint8Array((a as unknown as Uint8Array).buffer).fill(171);
      return a;
    });
    const id = newVisitorId({ getRandomValues } as unknown as Crypto);
    expect(getRandomValues).toHaveBeenCalled();
    expect(id).toBe(`v_${'ab'.repeat(16)}`);
  });

  it('is kept in localStorage and read back', () => {
    const id = visitorId(localStorage);
    expect(localStorage.getItem(VISITOR_KEY)).toBe(id);
    expect(visitorId(localStorage)).toBe(id);
  });

  it('replaces a stored value the server would refuse', () => {
    localStorage.setItem(VISITOR_KEY, 'v_short');
    const id = visitorId(localStorage);
    expect(id).toMatch(VISITOR_ID);
    expect(localStorage.getItem(VISITOR_KEY)).toBe(id);
    localStorage.setItem(VISITOR_KEY, `v_${'x'.repeat(20)}"><script>`);
    expect(visitorId(localStorage)).toMatch(VISITOR_ID);
  });

  it('stays in memory for the page’s life when storage is blocked or missing', () => {
    const id = visitorId(blocked);
    expect(id).toMatch(VISITOR_ID);
    expect(visitorId(blocked)).toBe(id);
    expect(visitorId(null)).toBe(id);
  });
});
