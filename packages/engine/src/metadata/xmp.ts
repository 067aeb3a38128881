/**
 * The XMP packet a result carries: IPTC's DigitalSourceType for how it was made and the steps
 * that made it (xmpMM:History), so any XMP reader can tell an edited or generated picture.
 */
export const SOURCE_TYPE_BASE = 'http://cv.iptc.org/newscodes/digitalsourcetype/';

/** Weakest first: a later step never makes an image look less synthetic than its source. */
export const SOURCE_TYPES = [
  'algorithmicallyEnhanced',
  'compositeWithTrainedAlgorithmicMedia',
  'algorithmicMedia',
  'trainedAlgorithmicMedia',
] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

/**
 * How a step made its pixels (IPTC digital source types): the local engine edits with
 * algorithms and draws its own generations procedurally (no trained generator); a hosted model
 * makes pixels with a trained one, into a picture (composite) or from text alone.
 */
export function sourceTypeOf(provider: string, fromPicture: boolean): SourceType {
  if (provider === 'local') return fromPicture ? 'algorithmicallyEnhanced' : 'algorithmicMedia';
  return fromPicture ? 'compositeWithTrainedAlgorithmicMedia' : 'trainedAlgorithmicMedia';
}

export interface Provenance {
  sourceType: SourceType;
  /** Oldest first: what each step did, e.g. "Preset: white-bg (local)". */
  steps: string[];
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

const unescapeXml = (text: string) =>
  text.replace(/&(lt|gt|amp|quot|apos);/g, (_, name: string) =>
    name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'amp' ? '&' : name === 'quot' ? '"' : "'",
  );

export function buildXmp({ sourceType, steps }: Provenance): string {
  const events = steps
    .map(
      (step) =>
        `     <rdf:li stEvt:action="edited" stEvt:softwareAgent="Image Lab" stEvt:parameters="${escapeXml(step)}"/>`,
    )
    .join('\n');
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    ' <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '  <rdf:Description rdf:about=""',
    '    xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"',
    '    xmlns:xmp="http://ns.adobe.com/xap/1.0/"',
    '    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"',
    '    xmlns:stEvt="http://ns.adobe.com/xap/1.0/sType/ResourceEvent#"',
    '    xmp:CreatorTool="Image Lab"',
    `    Iptc4xmpExt:DigitalSourceType="${SOURCE_TYPE_BASE}${sourceType}">`,
    '   <xmpMM:History>',
    '    <rdf:Seq>',
    events,
    '    </rdf:Seq>',
    '   </xmpMM:History>',
    '  </rdf:Description>',
    ' </rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('\n');
}

/** What an earlier result of ours said about itself, to continue its history. */
export function readProvenance(xmp: string | undefined): Provenance | undefined {
  if (!xmp) return undefined;
  const type = /DigitalSourceType="[^"]*\/([A-Za-z]+)"/.exec(xmp)?.[1];
  const sourceType = SOURCE_TYPES.find((t) => t === type);
  if (!sourceType) return undefined;
  const steps = [...xmp.matchAll(/stEvt:parameters="([^"]*)"/g)].map((m) => unescapeXml(m[1]!));
  return { sourceType, steps };
}

export function strongerSourceType(a: SourceType, b: SourceType): SourceType {
  return SOURCE_TYPES.indexOf(a) >= SOURCE_TYPES.indexOf(b) ? a : b;
}
