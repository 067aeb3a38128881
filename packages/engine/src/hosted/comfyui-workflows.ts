/**
 * ComfyUI workflows in its API format (what "Save (API format)" writes), with {{placeholders}}
 * the adapter fills: checkpoint, image, prompt, negative, seed, count, width, height, denoise.
 * A string that is only a placeholder takes the value's own type (numbers stay numbers).
 * COMFYUI_WORKFLOW_EDIT / _GENERATE / _INPAINT replace these with a self-hoster's own graphs.
 */
export type Workflow = Record<string, { class_type: string; inputs: Record<string, unknown> }>;

const model = {
  '1': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: '{{checkpoint}}' } },
  '4': { class_type: 'CLIPTextEncode', inputs: { text: '{{prompt}}', clip: ['1', 1] } },
  '5': { class_type: 'CLIPTextEncode', inputs: { text: '{{negative}}', clip: ['1', 1] } },
};

const sampleAndSave = (latent: [string, number], denoise: string | number) => ({
  '6': {
    class_type: 'KSampler',
    inputs: {
      seed: '{{seed}}',
      steps: 28,
      cfg: 6.5,
      sampler_name: 'dpmpp_2m',
      scheduler: 'karras',
      denoise,
      model: ['1', 0],
      positive: ['4', 0],
      negative: ['5', 0],
      latent_image: latent,
    },
  },
  '7': { class_type: 'VAEDecode', inputs: { samples: ['6', 0], vae: ['1', 2] } },
  '8': { class_type: 'SaveImage', inputs: { filename_prefix: 'image-lab', images: ['7', 0] } },
});

export const BUILT_IN_WORKFLOWS: Record<'edit' | 'generate' | 'inpaint', Workflow> = {
  edit: {
    ...model,
    '2': { class_type: 'LoadImage', inputs: { image: '{{image}}' } },
    '3': { class_type: 'VAEEncode', inputs: { pixels: ['2', 0], vae: ['1', 2] } },
    '9': { class_type: 'RepeatLatentBatch', inputs: { samples: ['3', 0], amount: '{{count}}' } },
    ...sampleAndSave(['9', 0], '{{denoise}}'),
  },
  generate: {
    ...model,
    '3': {
      class_type: 'EmptyLatentImage',
      inputs: { width: '{{width}}', height: '{{height}}', batch_size: '{{count}}' },
    },
    ...sampleAndSave(['3', 0], 1),
  },
  inpaint: {
    ...model,
    // LoadImage reads the transparent pixels of the upload as its MASK output.
    '2': { class_type: 'LoadImage', inputs: { image: '{{image}}' } },
    '3': {
      class_type: 'VAEEncodeForInpaint',
      inputs: { pixels: ['2', 0], vae: ['1', 2], mask: ['2', 1], grow_mask_by: 8 },
    },
    ...sampleAndSave(['3', 0], 1),
  },
};

/** A copy of the workflow with every {{name}} replaced; unknown names are left for ComfyUI to refuse. */
export function fillWorkflow(
  workflow: unknown,
  values: Record<string, string | number>,
): Record<string, unknown> {
  const fill = (node: unknown): unknown => {
    if (typeof node === 'string') {
      const whole = /^\{\{(\w+)\}\}$/.exec(node);
      if (whole && whole[1]! in values) return values[whole[1]!];
      return node.replace(/\{\{(\w+)\}\}/g, (match, name: string) =>
        name in values ? String(values[name]) : match,
      );
    }
    if (Array.isArray(node)) return node.map(fill);
    if (node && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, fill(v)]));
    }
    return node;
  };
  return fill(workflow) as Record<string, unknown>;
}
