import { checkImageSize, maxSvgDepth, UploadRejected } from './image-limits';
import { RenderBusy, RenderFailed, RenderTimedOut, renderSandbox } from './render-sandbox';

/** The longer side an SVG is drawn at on upload to learn its cost: a logo as the studio shows it. */
const svgTrialSide = 512;
/**
 * What drawing it there may take. Logos take tens of milliseconds, the costliest accepted
 * filters a few hundred; a drawing's cost grows faster than its area, so one past this at the
 * trial size would hold a job's renderer for minutes at print size.
 */
export const svgDrawBudgetMs = 2_000;

/**
 * Judges an SVG by what drawing it costs, which no rule on its elements bounds (filters in
 * bounding-box units, stretched text, nested references): it is drawn once, in a render child
 * that is killed past the budget. Its own size is what every later step reads (the studio, the
 * product's placement and the print's density), and is held to a PNG's.
 */
export async function checkSvgCost(svg: string) {
  let size: { width: number; height: number };
  try {
    size = await renderSandbox.run(
      { kind: 'svgSize', svg: Buffer.from(svg), side: svgTrialSide },
      { timeoutMs: svgDrawBudgetMs },
    );
  } catch (error) {
    if (error instanceof RenderTimedOut)
      throw new UploadRejected('The SVG takes too long to draw; simplify it or upload a PNG');
    if (error instanceof RenderBusy)
      throw new UploadRejected('The server is busy processing SVGs; try again in a moment');
    if (error instanceof RenderFailed) throw unreadableSvg(error);
    throw error;
  }
  if (!size.width || !size.height) throw new UploadRejected(svgHasNoSize);
  checkImageSize(size.width, size.height);
}

const svgHasNoSize = 'The SVG has no size';

/**
 * What the render child refuses to draw, which every later step would refuse too: a size that
 * rounds to no pixel ('bad dimensions'), elements nested past libxml2's depth, or anything else it
 * cannot draw (references past its limit). Each is the user's file, so a 400 that says why.
 */
function unreadableSvg(error: unknown) {
  const reason = error instanceof Error ? error.message : '';
  if (/bad dimensions/.test(reason)) return new UploadRejected(svgHasNoSize);
  if (/Excessive depth/.test(reason)) {
    return new UploadRejected(
      `The SVG nests elements more than ${maxSvgDepth} deep; simplify it or upload a PNG`,
    );
  }
  return new UploadRejected('The SVG cannot be drawn; simplify it or upload a PNG');
}
