import type { Page } from "@playwright/test";

export type Commit = { rendered: number; components: number };

/**
 * Counts, for every commit React makes in the page, how many components it rendered (a
 * component is counted when its props or hooks are new since the last commit, or it is new).
 * It stands in for React DevTools' global hook, which React calls after each commit in
 * production builds too; installed before the page's scripts, as DevTools would be.
 */
export async function recordReactCommits(page: Page): Promise<() => Promise<Commit[]>> {
  await page.addInitScript(() => {
    const seen = new WeakMap<object, { props: unknown; state: unknown }>();
    const commits: { rendered: number; components: number }[] = [];
    // Function, class, forwardRef, memo and simple memo components (React's fiber tags).
    const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
    type Fiber = {
      tag: number;
      child: Fiber | null;
      sibling: Fiber | null;
      alternate: Fiber | null;
      memoizedProps: unknown;
      memoizedState: unknown;
    };
    (window as unknown as { __reactCommits: typeof commits }).__reactCommits = commits;
    (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => undefined,
      onScheduleFiberRoot: () => undefined,
      onCommitFiberUnmount: () => undefined,
      onPostCommitFiberRoot: () => undefined,
      onCommitFiberRoot: (_renderer: number, root: { current: Fiber }) => {
        let rendered = 0;
        let components = 0;
        const stack: Fiber[] = [root.current];
        while (stack.length > 0) {
          const fiber = stack.pop()!;
          if (COMPONENT_TAGS.has(fiber.tag)) {
            components++;
            const before = seen.get(fiber) ?? (fiber.alternate ? seen.get(fiber.alternate) : undefined);
            if (!before || before.props !== fiber.memoizedProps || before.state !== fiber.memoizedState) rendered++;
            const now = { props: fiber.memoizedProps, state: fiber.memoizedState };
            seen.set(fiber, now);
            if (fiber.alternate) seen.set(fiber.alternate, now);
          }
          if (fiber.sibling) stack.push(fiber.sibling);
          if (fiber.child) stack.push(fiber.child);
        }
        commits.push({ rendered, components });
      },
    };
  });
  return () => page.evaluate(() => (window as unknown as { __reactCommits: Commit[] }).__reactCommits);
}
