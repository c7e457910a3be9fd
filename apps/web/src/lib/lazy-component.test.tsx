import { type ReactNode, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { lazyComponent } from './lazy-component';

function Greeting({ name }: { name: string }) {
  return <p>hello {name}</p>;
}

const inSuspense = (node: ReactNode) => <Suspense fallback={<p>LOADING</p>}>{node}</Suspense>;

describe('lazyComponent', () => {
  it('suspends until its code is there, like React.lazy', async () => {
    let loads = 0;
    const Lazy = lazyComponent(async () => {
      loads += 1;
      return { default: Greeting };
    });
    expect(renderToString(inSuspense(<Lazy name="ash" />))).toContain('LOADING');
    // A render that waits for lazy parts (as prerendering does) gets the content.
    const { prelude } = await prerender(inSuspense(<Lazy name="ash" />));
    expect(await new Response(prelude).text()).toContain('hello <!-- -->ash');
    expect(loads).toBe(1);
  });

  it('renders at once, without the fallback, once preloaded: what hydration needs', async () => {
    const Lazy = lazyComponent(async () => ({ default: Greeting }));
    await Lazy.preload();
    const html = renderToString(inSuspense(<Lazy name="mara" />));
    expect(html).toContain('hello <!-- -->mara');
    expect(html).not.toContain('LOADING');
  });

  it('hands a failed load to the error boundary', async () => {
    const Lazy = lazyComponent<object>(() => Promise.reject(new Error('chunk gone')));
    await expect(Lazy.preload()).rejects.toThrow('chunk gone');
    expect(() => renderToString(<Lazy />)).toThrow('chunk gone');
  });
});
