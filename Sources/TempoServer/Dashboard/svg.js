// Small SVG drawing helpers: elements with attributes (no style attributes, which the CSP refuses).

const NS = 'http://www.w3.org/2000/svg';

/** A new SVG element `name` with `attributes` and `children`. */
export function el(name, attributes = {}, children = []) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  for (const child of children) node.append(child);
  return node;
}

/** An SVG `<text>` with `content`. */
export function text(x, y, content, attributes = {}) {
  const node = el('text', { x, y, ...attributes });
  node.textContent = content;
  return node;
}

/** Draws a progress ring for `fraction` (0…1) into the 120×120 `svg`. */
export function ring(svg, fraction) {
  const radius = 52, length = 2 * Math.PI * radius;
  const shown = Math.min(1, Math.max(0, fraction));
  svg.replaceChildren(
    el('circle', { class: 'track', cx: 60, cy: 60, r: radius }),
    el('circle', {
      class: 'progress', cx: 60, cy: 60, r: radius, transform: 'rotate(-90 60 60)',
      'stroke-dasharray': length.toFixed(2), 'stroke-dashoffset': (length * (1 - shown)).toFixed(2),
    }),
  );
}

/** Bars of `values` labelled `labels` into `svg` (viewBox width × height). */
export function bars(svg, values, labels, format) {
  const [, , width, height] = svg.getAttribute('viewBox').split(' ').map(Number);
  const top = 14, bottom = 18, slot = width / values.length, max = Math.max(1, ...values);
  const children = [el('line', { class: 'axis', x1: 0, x2: width, y1: height - bottom, y2: height - bottom })];
  values.forEach((value, index) => {
    const h = (value / max) * (height - top - bottom);
    const x = index * slot + slot * 0.15;
    const bar = el('rect', { class: 'bar-fill', x: x.toFixed(1), y: (height - bottom - h).toFixed(1), width: (slot * 0.7).toFixed(1), height: h.toFixed(1), rx: 2 });
    bar.append(el('title', {}, [`${labels[index]}: ${format(value)}`]));
    children.push(bar, text((x + slot * 0.35).toFixed(1), height - 5, labels[index], { 'text-anchor': 'middle' }));
  });
  svg.replaceChildren(...children);
}

/** A line chart of `points` ([x, y]) into `svg`, with the extremes labelled by `formatX`/`formatY`. */
export function lineChart(svg, points, formatX, formatY, invert = false) {
  const [, , width, height] = svg.getAttribute('viewBox').split(' ').map(Number);
  if (points.length < 2) { svg.replaceChildren(text(10, 20, 'no data')); return; }
  const left = 40, bottom = 14, xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
  const minX = Math.min(...xs), maxX = Math.max(...xs), minY = Math.min(...ys), maxY = Math.max(...ys);
  const spanX = maxX - minX || 1, spanY = maxY - minY || 1;
  const px = (x) => left + ((x - minX) / spanX) * (width - left - 4);
  const py = (y) => { const f = (y - minY) / spanY; return 4 + (invert ? f : 1 - f) * (height - bottom - 8); };
  const path = points.map((p, i) => `${i ? 'L' : 'M'}${px(p[0]).toFixed(1)} ${py(p[1]).toFixed(1)}`).join('');
  svg.replaceChildren(
    el('line', { class: 'axis', x1: left, x2: width, y1: height - bottom, y2: height - bottom }),
    el('path', { class: 'line', d: path }),
    text(0, invert ? height - bottom : 10, formatY(maxY)), text(0, invert ? 10 : height - bottom, formatY(minY)),
    text(left, height - 2, formatX(minX)), text(width - 2, height - 2, formatX(maxX), { 'text-anchor': 'end' }),
  );
}

/**
 * A projection of latitude/longitude into the `size`×`size` box: equirectangular around the
 * points' middle latitude (fine at a run's or a town's scale), north up, aspect kept.
 */
export function projection(coordinates, size, margin = 10) {
  const lats = coordinates.map((c) => c[0]), lons = coordinates.map((c) => c[1]);
  const midLat = ((Math.min(...lats) + Math.max(...lats)) / 2) * Math.PI / 180;
  const xs = lons.map((lon) => lon * Math.cos(midLat)), ys = lats;
  const minX = Math.min(...xs), maxX = Math.max(...xs), minY = Math.min(...ys), maxY = Math.max(...ys);
  const scale = (size - 2 * margin) / Math.max(maxX - minX, maxY - minY, 1e-9);
  const offsetX = (size - (maxX - minX) * scale) / 2, offsetY = (size - (maxY - minY) * scale) / 2;
  return {
    /** The point of `[lat, lon]`. */
    point: ([lat, lon]) => [offsetX + (lon * Math.cos(midLat) - minX) * scale, offsetY + (maxY - lat) * scale],
    /** Pixels per metre (a degree of latitude is ~111,195 m). */
    pixelsPerMeter: scale / 111195,
  };
}

/** The marimo at growth `stage` (0 spore … 4 big marimo): bigger and fuzzier with each stage. */
export function marimo(svg, stage, name) {
  const radius = [6, 14, 24, 34, 44][Math.min(4, Math.max(0, stage))];
  const children = [el('rect', { class: 'water', x: 4, y: 4, width: 112, height: 112, rx: 18 })];
  children.push(el('circle', { class: 'ball', cx: 60, cy: 112 - radius - 4, r: radius }));
  const tufts = stage * 6;
  for (let i = 0; i < tufts; i += 1) {
    const angle = (i / tufts) * 2 * Math.PI;
    children.push(el('circle', {
      class: 'fuzz', r: 2 + stage * 0.6,
      cx: (60 + Math.cos(angle) * radius).toFixed(1), cy: (112 - radius - 4 + Math.sin(angle) * radius).toFixed(1),
    }));
  }
  if (stage >= 2) children.push(el('circle', { class: 'light', cx: 60 - radius / 3, cy: 112 - radius * 1.4 - 4, r: radius / 5 }));
  svg.replaceChildren(...children);
  svg.setAttribute('aria-label', `marimo: ${name}`);
  svg.dataset.stage = String(stage);
}
