export const ROOM_REGION_KINDS = [
  'wall',
  'floor',
  'ceiling',
  'window',
  'door',
  'picture',
  'plant',
] as const;
export type RoomRegionKind = (typeof ROOM_REGION_KINDS)[number];
