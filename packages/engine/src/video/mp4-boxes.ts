/**
 * Reads what an MP4 (ISO base media) file says about itself, box by box: brand, whether the
 * index (moov) comes before the media data (fast start), and per track the codec, frame size,
 * time scale, duration and sample count. Used to check every video the engine makes, and by
 * tests, so no claim about a video rests on the encoder's word alone.
 */

export interface Mp4Track {
  /** 'vide', 'soun', ... from the hdlr box. */
  handler: string;
  /** The first sample entry of stsd: 'avc1' for H.264. */
  codec: string;
  width: number;
  height: number;
  /** Units per second of the media header (mdhd). */
  timescale: number;
  /** In timescale units (mdhd). */
  duration: number;
  /** Sum of the stts entries' sample counts: the number of frames of a video track. */
  sampleCount: number;
  /** Sum of count x delta over the stts entries, in timescale units. */
  sampleDuration: number;
  /** The distinct sample deltas of stts (one value for a constant frame rate). */
  sampleDeltas: number[];
  /** AVC profile indication from avcC (66 baseline, 77 main, 100 high), when present. */
  avcProfile?: number;
}

export interface Mp4Info {
  majorBrand: string;
  compatibleBrands: string[];
  /** moov before mdat: a browser can start playing before the whole file has arrived. */
  fastStart: boolean;
  movieTimescale: number;
  movieDuration: number;
  tracks: Mp4Track[];
}

interface Box {
  type: string;
  /** Offset of the box's payload (after its header) in the file. */
  start: number;
  /** Offset just after the box. */
  end: number;
  offset: number;
}

export class Mp4FormatError extends Error {
  override readonly name = 'Mp4FormatError';
}

function* boxes(data: Buffer, from: number, to: number): Generator<Box> {
  let offset = from;
  while (offset + 8 <= to) {
    let size = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > to) throw new Mp4FormatError(`Truncated box header of ${type}`);
      size = Number(data.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = to - offset;
    }
    if (size < header || offset + size > to) {
      throw new Mp4FormatError(`Box ${type} at ${offset} runs past its parent`);
    }
    yield { type, start: offset + header, end: offset + size, offset };
    offset += size;
  }
}

function child(data: Buffer, parent: Box, type: string): Box | undefined {
  for (const box of boxes(data, parent.start, parent.end)) if (box.type === type) return box;
  return undefined;
}

function need(box: Box | undefined, what: string): Box {
  if (!box) throw new Mp4FormatError(`Missing ${what} box`);
  return box;
}

/** mdhd and mvhd share their layout: version 1 uses 64-bit times. */
function timeHeader(data: Buffer, box: Box): { timescale: number; duration: number } {
  const version = data.readUInt8(box.start);
  if (version === 1) {
    return {
      timescale: data.readUInt32BE(box.start + 20),
      duration: Number(data.readBigUInt64BE(box.start + 24)),
    };
  }
  return {
    timescale: data.readUInt32BE(box.start + 12),
    duration: data.readUInt32BE(box.start + 16),
  };
}

function readTrack(data: Buffer, trak: Box): Mp4Track {
  const mdia = need(child(data, trak, 'mdia'), 'mdia');
  const { timescale, duration } = timeHeader(data, need(child(data, mdia, 'mdhd'), 'mdhd'));
  const hdlr = need(child(data, mdia, 'hdlr'), 'hdlr');
  const handler = data.toString('latin1', hdlr.start + 8, hdlr.start + 12);
  const minf = need(child(data, mdia, 'minf'), 'minf');
  const stbl = need(child(data, minf, 'stbl'), 'stbl');

  // stsd: full box header (4), entry count (4), then sample entries.
  const stsd = need(child(data, stbl, 'stsd'), 'stsd');
  const [entry] = boxes(data, stsd.start + 8, stsd.end);
  const codec = entry?.type ?? '';
  let width = 0;
  let height = 0;
  let avcProfile: number | undefined;
  if (entry && handler === 'vide') {
    // Visual sample entry: 6 reserved + 2 index + 16 pre-defined, then width and height.
    width = data.readUInt16BE(entry.start + 24);
    height = data.readUInt16BE(entry.start + 26);
    // The codec configuration boxes follow the 78-byte visual sample entry.
    for (const box of boxes(data, entry.start + 78, entry.end)) {
      if (box.type === 'avcC') avcProfile = data.readUInt8(box.start + 1);
    }
  }

  const stts = need(child(data, stbl, 'stts'), 'stts');
  const entries = data.readUInt32BE(stts.start + 4);
  let sampleCount = 0;
  let sampleDuration = 0;
  const deltas = new Set<number>();
  for (let i = 0; i < entries; i++) {
    const at = stts.start + 8 + i * 8;
    if (at + 8 > stts.end) throw new Mp4FormatError('Truncated stts box');
    const count = data.readUInt32BE(at);
    const delta = data.readUInt32BE(at + 4);
    sampleCount += count;
    sampleDuration += count * delta;
    deltas.add(delta);
  }
  return {
    handler,
    codec,
    width,
    height,
    timescale,
    duration,
    sampleCount,
    sampleDuration,
    sampleDeltas: [...deltas],
    avcProfile,
  };
}

export function readMp4(data: Buffer): Mp4Info {
  const top = [...boxes(data, 0, data.length)];
  const ftyp = top[0]?.type === 'ftyp' ? top[0] : undefined;
  if (!ftyp) throw new Mp4FormatError('Not an MP4 file: it does not start with ftyp');
  const compatibleBrands: string[] = [];
  for (let at = ftyp.start + 8; at + 4 <= ftyp.end; at += 4) {
    compatibleBrands.push(data.toString('latin1', at, at + 4));
  }
  const moov = need(
    top.find((b) => b.type === 'moov'),
    'moov',
  );
  const mdat = top.find((b) => b.type === 'mdat');
  const movie = timeHeader(data, need(child(data, moov, 'mvhd'), 'mvhd'));
  const tracks = [...boxes(data, moov.start, moov.end)]
    .filter((b) => b.type === 'trak')
    .map((trak) => readTrack(data, trak));
  return {
    majorBrand: data.toString('latin1', ftyp.start, ftyp.start + 4),
    compatibleBrands,
    fastStart: mdat !== undefined && moov.offset < mdat.offset,
    movieTimescale: movie.timescale,
    movieDuration: movie.duration,
    tracks,
  };
}

/** The video track's frames, frame rate and seconds, as the container states them. */
export function describeVideoTrack(info: Mp4Info) {
  const video = info.tracks.find((t) => t.handler === 'vide');
  if (!video) throw new Mp4FormatError('No video track');
  const seconds = video.sampleDuration / video.timescale;
  return {
    codec: video.codec,
    width: video.width,
    height: video.height,
    frames: video.sampleCount,
    fps: video.sampleCount / seconds,
    seconds,
    constantFrameRate: video.sampleDeltas.length === 1,
  };
}
