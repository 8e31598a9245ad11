// The widget's icons (after Lucide's, ISC licence), drawn as inline SVG built node by node.

const SVG_NS = 'http://www.w3.org/2000/svg';

type Shape = ['path', string] | ['circle', number, number, number];

const SHAPES = {
  chat: [['path', 'M7.9 20A9 9 0 1 0 4 16.1L2 22Z']],
  help: [
    ['circle', 12, 12, 10],
    ['path', 'M9.09 9a3 3 0 0 1 5.83 1c0 2-3 3-3 3'],
    ['path', 'M12 17h.01'],
  ],
  sparkle: [
    [
      'path',
      'M9.937 15.5A2 2 0 0 0 8.5 14.063l-6.135-1.582a.5.5 0 0 1 0-.962L8.5 9.936A2 2 0 0 0 9.937 8.5l1.582-6.135a.5.5 0 0 1 .963 0L14.063 8.5A2 2 0 0 0 15.5 9.937l6.135 1.581a.5.5 0 0 1 0 .964L15.5 14.063a2 2 0 0 0-1.437 1.437l-1.582 6.135a.5.5 0 0 1-.963 0z',
    ],
    ['path', 'M20 3v4'],
    ['path', 'M22 5h-4'],
  ],
  close: [
    ['path', 'M18 6 6 18'],
    ['path', 'm6 6 12 12'],
  ],
  down: [['path', 'm6 9 6 6 6-6']],
  send: [
    ['path', 'm5 12 7-7 7 7'],
    ['path', 'M12 19V5'],
  ],
} satisfies Record<string, Shape[]>;

export type IconName = keyof typeof SHAPES;

/** An icon, hidden from assistive technology (its button carries the name). */
export function icon(name: IconName, doc: Document = document, size = 24): SVGSVGElement {
  const svg = doc.createElementNS(SVG_NS, 'svg');
  for (const [k, v] of Object.entries({
    viewBox: '0 0 24 24',
    width: String(size),
    height: String(size),
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    'aria-hidden': 'true',
    focusable: 'false',
  }))
    svg.setAttribute(k, v);
  for (const shape of SHAPES[name] as Shape[]) {
    const el = doc.createElementNS(SVG_NS, shape[0]);
    if (shape[0] === 'path') el.setAttribute('d', shape[1]);
    else {
      el.setAttribute('cx', String(shape[1]));
      el.setAttribute('cy', String(shape[2]));
      el.setAttribute('r', String(shape[3]));
    }
    svg.appendChild(el);
  }
  return svg;
}
