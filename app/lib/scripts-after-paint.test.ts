import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { SCRIPTS_AFTER_PAINT } from "./scripts-after-paint";

type Listener = () => void;
type FakeImage = {
  complete: boolean;
  listeners: Map<string, Listener>;
  getAttribute: (name: string) => string | null;
  addEventListener: (type: string, listener: Listener) => void;
  fire: (type: string) => void;
};

function image(fetchpriority: string | null, complete: boolean): FakeImage {
  const listeners = new Map<string, Listener>();
  return {
    complete,
    listeners,
    getAttribute: (name) => (name === "fetchpriority" ? fetchpriority : null),
    addEventListener: (type, listener) => listeners.set(type, listener),
    fire: (type) => listeners.get(type)?.(),
  };
}

/** A browser as far as the inline script sees one: frames, timers, paint timings and the document, each run by hand. */
function browser({ visible = true, paintTimings = true, images = [] as FakeImage[] } = {}) {
  const frames: Listener[] = [];
  const timers: { listener: Listener; delay: number }[] = [];
  const observers: { callback: (list: { getEntries: () => { name: string }[] }) => void; connected: boolean }[] = [];
  const preloaded: string[] = [];
  class FakeObserver {
    static supportedEntryTypes = paintTimings ? ["paint", "largest-contentful-paint"] : ["resource"];
    private readonly entry: (typeof observers)[number];
    constructor(callback: (typeof observers)[number]["callback"]) {
      this.entry = { callback, connected: false };
      observers.push(this.entry);
    }
    observe() {
      this.entry.connected = true;
    }
    disconnect() {
      this.entry.connected = false;
    }
  }
  const context: Record<string, unknown> = {
    requestAnimationFrame: (listener: Listener) => frames.push(listener),
    setTimeout: (listener: Listener, delay = 0) => timers.push({ listener, delay }),
    PerformanceObserver: FakeObserver,
    document: {
      visibilityState: visible ? "visible" : "hidden",
      images,
      head: { appendChild: (link: { rel: string; href: string }) => preloaded.push(`${link.rel} ${link.href}`) },
      createElement: () => ({ rel: "", href: "" }),
    },
  };
  context.window = context;
  vm.runInNewContext(SCRIPTS_AFTER_PAINT, context);
  let started = 0;
  /** How many modules were preloaded by the end of each task the script ran from a timer. */
  const preloadedPerTask: number[] = [];
  const hook = context.__aanganStart as (hrefs: string[], start: () => void) => void;
  const runTimers = (elapsed: number) => {
    for (
      let due = timers.findIndex((timer) => timer.delay <= elapsed);
      due >= 0;
      due = timers.findIndex((timer) => timer.delay <= elapsed)
    ) {
      const [timer] = timers.splice(due, 1);
      const before = preloaded.length;
      timer!.listener();
      if (preloaded.length > before) preloadedPerTask.push(preloaded.length - before);
    }
  };
  return {
    preloaded,
    preloadedPerTask,
    started: () => started,
    load: (hrefs = ["/assets/manifest.js", "/assets/entry.client.js"]) => hook(hrefs, () => started++),
    paint: (name: string) => observers.filter((o) => o.connected).forEach((o) => o.callback({ getEntries: () => [{ name }] })),
    /** Runs one frame's callbacks (those they schedule wait for the next frame), then the timers due, one task each. */
    frame: () => {
      for (const listener of frames.splice(0)) listener();
      runTimers(0);
    },
    /** Lets `ms` pass with no frame drawn (a stalled photo, a page that never reports its paint). */
    wait: (ms: number) => runTimers(ms),
  };
}

describe("the page's scripts start after it has painted (ADR 0091)", () => {
  it("waits for the first contentful paint and two frames after it, then preloads the modules and starts once", () => {
    const page = browser();
    page.load();
    page.frame();
    page.frame();
    expect(page.started()).toBe(0);
    page.paint("first-paint");
    page.frame();
    page.frame();
    expect(page.started()).toBe(0);
    page.paint("first-contentful-paint");
    expect(page.started()).toBe(0);
    page.frame();
    expect(page.started()).toBe(0);
    page.frame();
    expect(page.started()).toBe(1);
    expect(page.preloaded).toEqual(["modulepreload /assets/manifest.js", "modulepreload /assets/entry.client.js"]);
    // A second report of the paint starts nothing more.
    page.paint("first-contentful-paint");
    page.frame();
    page.frame();
    expect(page.started()).toBe(1);
  });

  it("waits for every photo marked high priority (the largest paint) that has not arrived, loaded or failed", () => {
    const hero = image("high", false);
    const floorPlan = image("high", false);
    const thumbnail = image(null, false);
    const page = browser({ images: [hero, image("high", true), floorPlan, thumbnail] });
    page.load();
    page.paint("first-contentful-paint");
    page.frame();
    page.frame();
    expect(page.started()).toBe(0);
    hero.fire("load");
    page.frame();
    page.frame();
    expect(page.started()).toBe(0);
    expect(thumbnail.listeners.size).toBe(0);
    floorPlan.fire("error");
    page.frame();
    expect(page.started()).toBe(0);
    page.frame();
    expect(page.started()).toBe(1);
  });

  it("preloads at most three modules per task (each costs Chromium about a millisecond), in order, and starts after the last", () => {
    const hrefs = Array.from({ length: 14 }, (_, index) => `/assets/module-${index}.js`);
    const page = browser();
    page.load(hrefs);
    page.paint("first-contentful-paint");
    page.frame();
    page.frame();
    expect(page.preloadedPerTask).toEqual([3, 3, 3, 3, 2]);
    expect(page.preloaded).toEqual(hrefs.map((href) => `modulepreload ${href}`));
    expect(page.started()).toBe(1);
  });

  it("waits four seconds at most for a photo that never arrives, and still starts once", () => {
    const hero = image("high", false);
    const page = browser({ images: [hero] });
    page.load();
    page.paint("first-contentful-paint");
    page.frame();
    page.wait(3999);
    expect(page.started()).toBe(0);
    page.wait(4000);
    expect(page.started()).toBe(1);
    hero.fire("load");
    page.frame();
    page.frame();
    expect(page.started()).toBe(1);
  });

  it("waits four seconds at most where the browser never reports the first contentful paint", () => {
    const page = browser();
    page.load();
    page.frame();
    page.wait(3999);
    expect(page.started()).toBe(0);
    page.wait(4000);
    expect(page.started()).toBe(1);
  });

  it("starts at once on a page opened in the background, which paints nothing", () => {
    const page = browser({ visible: false });
    page.load();
    expect(page.started()).toBe(1);
    expect(page.preloaded).toHaveLength(2);
  });

  it("waits for two frames where the browser reports no paint timings", () => {
    const page = browser({ paintTimings: false });
    page.load();
    expect(page.started()).toBe(0);
    page.frame();
    page.frame();
    expect(page.started()).toBe(1);
  });
});
