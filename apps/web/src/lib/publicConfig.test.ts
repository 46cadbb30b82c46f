import { afterEach, describe, expect, it } from 'vitest';
import { inlinePublicConfig } from './publicConfig.ts';

// The public configuration the server inlines into the page (issue 46): read from the element, or nothing.

const config = {
  brand: 'petention',
  google: false,
  payments: { provider: 'sandbox', publishable_key: null },
  test_payments: true,
};

function inline(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'public-config';
  element.textContent = text;
  document.head.append(element);
}

afterEach(() => document.getElementById('public-config')?.remove());

describe('the inlined public configuration', () => {
  it('is the JSON the server put into the page', () => {
    inline(JSON.stringify(config).replace(/</g, '\\u003c'));
    expect(inlinePublicConfig()).toEqual(config);
  });

  it('is nothing without the element, or with text that is not the configuration', () => {
    expect(inlinePublicConfig()).toBeUndefined();
    inline('{"brand":');
    expect(inlinePublicConfig()).toBeUndefined();
    document.getElementById('public-config')?.remove();
    inline('[1,2]');
    expect(inlinePublicConfig()).toBeUndefined();
  });
});
