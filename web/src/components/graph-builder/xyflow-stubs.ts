// What xyflow needs of the browser that jsdom lacks (xyflow's testing guide): a ResizeObserver
// that reports at once (nodes are measured through it), DOMMatrixReadOnly (the viewport's zoom),
// sizes for elements, and SVG boxes. For the graph builders' tests only.

class ResizeObserverStub {
  private readonly callback: ResizeObserverCallback;
  constructor(callback: ResizeObserverCallback) {
    this.callback = callback;
  }
  observe(target: Element) {
    this.callback([{ target } as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}

class DOMMatrixReadOnlyStub {
  m22: number;
  constructor(transform?: string) {
    const scale = transform?.match(/scale\(([1-9.])\)/)?.[1];
    this.m22 = scale !== undefined ? Number(scale) : 1;
  }
}

let installed = false;

export function stubXyflowBrowser(): void {
  if (installed) return;
  installed = true;
  Object.assign(globalThis, { ResizeObserver: ResizeObserverStub, DOMMatrixReadOnly: DOMMatrixReadOnlyStub });
  Object.defineProperties(HTMLElement.prototype, {
    offsetHeight: { configurable: true, get(this: HTMLElement) { return Number.parseFloat(this.style.height) || 80; } },
    offsetWidth: { configurable: true, get(this: HTMLElement) { return Number.parseFloat(this.style.width) || 240; } },
  });
  (SVGElement.prototype as unknown as { getBBox: () => DOMRect }).getBBox = () => ({ x: 0, y: 0, width: 0, height: 0 }) as DOMRect;
}
