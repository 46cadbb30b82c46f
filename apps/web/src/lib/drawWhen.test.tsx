import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { expect, it } from 'vitest';
import { useAfterFirstPaint, useEverTrue } from './drawWhen.ts';

// When parts are drawn (issue 46): after the first commit, in a later render; once shown, for good.

it('useAfterFirstPaint: false in the first render and its commit, true in a later render', async () => {
  const seen: { rendered: boolean[]; committed: boolean[] } = { rendered: [], committed: [] };
  function Part() {
    const after = useAfterFirstPaint();
    seen.rendered.push(after);
    useLayoutEffect(() => {
      seen.committed.push(after);
    });
    return after ? <p>drawn</p> : null;
  }
  render(<Part />);
  expect(await screen.findByText('drawn')).toBeDefined();
  expect(seen.committed[0]).toBe(false);
  expect(seen.rendered.at(-1)).toBe(true);
  expect(seen.committed.at(-1)).toBe(true);
});

it('useEverTrue: true from the first render with true on, also when the value turns false', () => {
  function Dialog({ open }: { open: boolean }) {
    return <p>{useEverTrue(open) ? 'mounted' : 'not yet'}</p>;
  }
  const { rerender } = render(<Dialog open={false} />);
  expect(screen.getByText('not yet')).toBeDefined();
  rerender(<Dialog open />);
  expect(screen.getByText('mounted')).toBeDefined();
  rerender(<Dialog open={false} />);
  expect(screen.getByText('mounted')).toBeDefined();
});
