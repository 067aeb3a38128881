import { beforeAll, describe, expect, it } from 'vitest';
import { handMask } from '../../test/hand-masks.ts';
import { fixture } from '../../test/measure.ts';
import { FURNITURE_LABELS } from '../models/coco-labels.ts';
import { detectObjects } from '../models/object-detector.ts';
import { decodeRoom } from '../rooms/design-room.ts';
import { maskIoU } from './mask.ts';
import { findRoomRegions, type RoomRegions } from './room-regions.ts';

describe('room regions of living-room.jpg against hand-drawn masks', () => {
  let regions: RoomRegions;
  beforeAll(async () => {
    const image = await decodeRoom(await fixture('living-room.jpg'), 800);
    const detections = await detectObjects(image, { labels: FURNITURE_LABELS });
    regions = await findRoomRegions(image, detections);
  }, 120_000);

  const iou = async (name: 'wall' | 'floor' | 'ceiling' | 'picture') =>
    maskIoU(regions.regions[name].mask, await handMask(name, regions.width, regions.height));

  it('finds the walls', async () => {
    // Measured 0.77 (floor 0.71, ceiling 0.58: the beam on the right is taken for ceiling).
    expect(await iou('wall')).toBeGreaterThan(0.72);
    expect(regions.regions.wall.confidence).toBeGreaterThan(0.5);
  });

  it('finds the floor below the skirting', async () => {
    expect(await iou('floor')).toBeGreaterThan(0.65);
    expect(regions.floorLine).toBeGreaterThan(0.75);
    expect(regions.floorLine).toBeLessThan(0.9);
  });

  it('takes the boards by the wall for floor, up to the skirting', async () => {
    // Right of the canvas, between the skirting (0.82) and the rug's edge the line was once
    // taken at (0.89): the boards lie in the room's shade and match none of the floor's colour
    // models learnt lower down; a restyle stopped there in a hard line across them. Measured:
    // floor 0 and wall 0.13 before the floor grew into them, floor 1 and wall 0 after.
    const { width, height } = regions;
    let boards = 0;
    let floor = 0;
    let wall = 0;
    for (let y = Math.round(height * 0.845); y < height * 0.875; y++) {
      for (let x = Math.round(width * 0.885); x < width * 0.94; x++) {
        boards++;
        if (regions.regions.floor.mask.data[y * width + x]! >= 128) floor++;
        if (regions.regions.wall.mask.data[y * width + x]! >= 128) wall++;
      }
    }
    expect(floor / boards).toBeGreaterThan(0.8);
    expect(wall / boards).toBeLessThan(0.02);
  });

  it('takes the white boards in cyan daylight left of the egg chair for floor, not plants', () => {
    // They were "plants" (a* -15, b* -6: green enough for the old test), kept by every style
    // and left blue beside a toned floor. Measured: plant 0, floor 0.97.
    const { width, height } = regions;
    let boards = 0;
    let plant = 0;
    let floor = 0;
    for (let y = Math.round(height * 0.86); y < height * 0.96; y++) {
      for (let x = 0; x < width * 0.03; x++) {
        boards++;
        if (regions.regions.plant.mask.data[y * width + x]! >= 128) plant++;
        if (regions.regions.floor.mask.data[y * width + x]! >= 128) floor++;
      }
    }
    expect(plant / boards).toBeLessThan(0.02);
    expect(floor / boards).toBeGreaterThan(0.8);
    expect(regions.regions.plant.confidence).toBe(0);
  });

  it('finds the strip of ceiling at the top', async () => {
    expect(await iou('ceiling')).toBeGreaterThan(0.5);
  });

  it('finds the painting on the wall, and the wall does not take it in', async () => {
    const painting = await handMask('picture', regions.width, regions.height);
    const { data } = regions.regions.picture.mask;
    let inside = 0;
    let covered = 0;
    let wallOnPainting = 0;
    // The painting alone: the upper-left rectangle of the picture group.
    for (let y = 0; y < regions.height * 0.55; y++) {
      for (let x = 0; x < regions.width * 0.62; x++) {
        const p = y * regions.width + x;
        if (painting.data[p]! < 128) continue;
        inside++;
        if (data[p]! >= 128) covered++;
        if (regions.regions.wall.mask.data[p]! >= 128) wallOnPainting++;
      }
    }
    expect(covered / inside).toBeGreaterThan(0.85);
    expect(wallOnPainting / inside).toBeLessThan(0.05);
    expect(regions.regions.picture.confidence).toBeGreaterThan(0.5);
  });

  it('takes the canvas leaning on the wall for a picture up to its pale top', async () => {
    const pictures = await handMask('picture', regions.width, regions.height);
    let inside = 0;
    let covered = 0;
    let wallOnCanvas = 0;
    // The canvas alone: the picture group's quadrilateral right of 70 % of the width. Its top
    // fifth is as pale as the wall; only its side edges tell it apart (measured 0.85 and 0.14
    // before those were followed up, 0.98 and 0.02 after).
    for (let y = 0; y < regions.height; y++) {
      for (let x = Math.floor(regions.width * 0.7); x < regions.width; x++) {
        const p = y * regions.width + x;
        if (pictures.data[p]! < 128) continue;
        inside++;
        if (regions.regions.picture.mask.data[p]! >= 128) covered++;
        if (regions.regions.wall.mask.data[p]! >= 128) wallOnCanvas++;
      }
    }
    expect(covered / inside).toBeGreaterThan(0.95);
    expect(wallOnCanvas / inside).toBeLessThan(0.05);
  });

  it('outlines the sofa as a piece that belongs to no surface', () => {
    const sofa = regions.pieces.find((p) => p.label === 'couch');
    expect(sofa).toBeDefined();
    let overlap = 0;
    let size = 0;
    for (let p = 0; p < sofa!.mask.data.length; p++) {
      if (sofa!.mask.data[p]! < 200) continue;
      size++;
      if (regions.regions.wall.mask.data[p]! >= 128 || regions.regions.floor.mask.data[p]! >= 128) {
        overlap++;
      }
    }
    expect(size).toBeGreaterThan(0);
    expect(overlap / size).toBeLessThan(0.02);
  });
});
