/** The media module's public face: what routes, flows, plugins and other modules use of it (docs/architecture.md). */
export { contrastOf, logoSvg, productSvg } from './svg.ts';
