import type { EditedImageRecord } from '@image-lab/contract';
import { ChangeMapOverlay, ResultPanel } from './ResultPanel';
import { SelectionLayer } from './SelectionLayer';
import { SelectionToolbar } from './SelectionToolbar';
import type { ResultTools } from './use-result-tools';

/** The Select tool's bar above the canvas. */
export function SelectionBar({ tools, disabled }: { tools: ResultTools; disabled: boolean }) {
  const { part } = tools;
  return (
    <SelectionToolbar
      tool={part.tool}
      hasSelection={Boolean(part.selection)}
      canInvert={part.canInvert}
      paintable={part.paintable}
      brush={part.brush}
      disabled={disabled}
      onTool={part.setTool}
      onBrush={part.setBrush}
      onInvert={part.invert}
      onClear={part.clear}
    />
  );
}

/** Over the picture: the change map, then the selection (on top, as it takes the pointer). */
export function SelectionOverlay({
  tools,
  image,
  frozen,
}: {
  tools: ResultTools;
  image: EditedImageRecord;
  frozen: boolean;
}) {
  const { part, changes } = tools;
  return (
    <>
      <ChangeMapOverlay state={changes.state} />
      <SelectionLayer
        image={image}
        selection={part.selection}
        tool={frozen ? null : part.tool}
        brush={part.brush}
        onChange={part.change}
      />
    </>
  );
}

/** Under the picture: what its edit did per clause, and the change-map toggle. */
export function ResultReport({ tools, image }: { tools: ResultTools; image: EditedImageRecord }) {
  return (
    <ResultPanel
      report={tools.reports.reportFor(image)}
      hasParent={Boolean(image.parentImageUrl)}
      changes={tools.changes}
    />
  );
}
