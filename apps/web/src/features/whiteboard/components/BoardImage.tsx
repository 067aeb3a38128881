import type { WhiteboardItem } from '@image-lab/contract';
import { memo } from 'react';
import { Image as KonvaImage } from 'react-konva';
import { coverCrop } from '../geometry';
import { thumbnailSrc, useKonvaImage } from '../use-konva-image';

export const ITEM_NAME = 'board-item';
/** Drags are handled once by the layer; this tells react-konva they are handled at all. */
const handledByLayer = () => undefined;

/**
 * One image on the board. Memoised on its item, so a change to one item, the selection or the
 * zoom redraws only what changed; events are handled once by the layer, not per node.
 */
export const BoardImage = memo(function BoardImage({
  item,
  thumbWidth,
  draggable,
  placeholder,
}: {
  item: WhiteboardItem;
  thumbWidth: number;
  draggable: boolean;
  placeholder: string;
}) {
  const image = useKonvaImage(thumbnailSrc(item.imageUrl, thumbWidth), item.imageUrl);
  const crop = image
    ? coverCrop(image.naturalWidth, image.naturalHeight, item.width, item.height)
    : undefined;
  return (
    <KonvaImage
      id={item.id}
      name={ITEM_NAME}
      image={image ?? undefined}
      crop={crop}
      x={item.x}
      y={item.y}
      width={item.width}
      height={item.height}
      rotation={item.rotation}
      fill={image ? undefined : placeholder}
      draggable={draggable}
      onDragEnd={handledByLayer}
      perfectDrawEnabled={false}
      shadowForStrokeEnabled={false}
    />
  );
});
