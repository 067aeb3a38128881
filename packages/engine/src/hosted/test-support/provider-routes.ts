import type { Answer, RecordedRequest, Route } from './stand-in.ts';

/* The success answers of each provider, in its own wire format (error answers are set per test). */

const notFound: Answer = { status: 404, body: { error: { message: 'Not found' } } };

/** OpenAI (and Ollama's OpenAI-compatible API): images/edits, images/generations, chat. */
export function openaiRoute(picture: Buffer, chatContent: () => unknown): Route {
  return (request) => {
    if (request.path.endsWith('/images/edits') || request.path.endsWith('/images/generations')) {
      const n = Number(request.form?.get('n') ?? (request.json as { n?: number })?.n ?? 1);
      return {
        status: 200,
        body: {
          created: 1_700_000_000,
          data: Array.from({ length: n }, () => ({ b64_json: picture.toString('base64') })),
          usage: { input_tokens: 50, output_tokens: 4160, total_tokens: 4210 },
        },
      };
    }
    if (request.path.endsWith('/chat/completions')) {
      return {
        status: 200,
        body: {
          id: 'chatcmpl-1',
          object: 'chat.completion',
          created: 1_700_000_000,
          model: (request.json as { model: string }).model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: JSON.stringify(chatContent()) },
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 900, completion_tokens: 120, total_tokens: 1020 },
        },
      };
    }
    return notFound;
  };
}

/** Gemini generateContent: the image or the JSON text as parts of the first candidate. */
export function geminiRoute(picture: Buffer, textContent: () => unknown): Route {
  return (request) => {
    if (!request.path.endsWith(':generateContent')) return notFound;
    const config = (request.json as { generationConfig?: { responseModalities?: string[] } })
      .generationConfig;
    const wantsImage = config?.responseModalities?.includes('IMAGE');
    const part = wantsImage
      ? { inlineData: { mimeType: 'image/png', data: picture.toString('base64') } }
      : { text: JSON.stringify(textContent()) };
    return {
      status: 200,
      body: {
        candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }],
        usageMetadata: {
          promptTokenCount: 1290,
          candidatesTokenCount: 1290,
          totalTokenCount: 2580,
        },
        modelVersion: 'gemini-2.5-flash-image',
      },
    };
  };
}

/** fal's synchronous API: the result as an address on its CDN, served here too. */
export function falRoute(picture: Buffer, base: () => string, nsfw = () => false): Route {
  return (request: RecordedRequest) => {
    if (request.method === 'GET' && request.path.startsWith('/files/')) {
      return { status: 200, headers: { 'content-type': 'image/jpeg' }, body: picture };
    }
    if (request.method !== 'POST') return notFound;
    return {
      status: 200,
      body: {
        images: [
          { url: `${base()}/files/result.jpg`, width: 96, height: 64, content_type: 'image/jpeg' },
        ],
        timings: { inference: 3.1 },
        seed: 42,
        has_nsfw_concepts: [nsfw()],
        prompt: (request.json as { prompt: string }).prompt,
      },
    };
  };
}

/** Replicate's predictions API with Prefer: wait: a finished prediction with an output address. */
export function replicateRoute(picture: Buffer, base: () => string): Route {
  return (request) => {
    if (request.method === 'GET' && request.path.startsWith('/delivery/')) {
      return { status: 200, headers: { 'content-type': 'image/jpeg' }, body: picture };
    }
    const model = /\/models\/(.+)\/predictions$/.exec(request.path)?.[1];
    if (request.method !== 'POST' || !model) return notFound;
    return {
      status: 201,
      body: {
        id: 'p1abc',
        model,
        version: 'hidden',
        input: (request.json as { input: unknown }).input,
        logs: '',
        output: `${base()}/delivery/out-0.jpg`,
        error: null,
        status: 'succeeded',
        created_at: '2025-01-01T00:00:00.000Z',
        urls: {
          get: `${base()}/v1/predictions/p1abc`,
          cancel: `${base()}/v1/predictions/p1abc/cancel`,
        },
      },
    };
  };
}

/** ComfyUI: upload, queue, history (pending once, then done), view. */
export function comfyRoute(picture: Buffer): Route {
  const polls = new Map<string, number>();
  let next = 0;
  return (request) => {
    if (request.path === '/upload/image') {
      const file = request.form?.get('image') as File | null;
      return { status: 200, body: { name: file?.name ?? 'x.png', subfolder: '', type: 'input' } };
    }
    if (request.path === '/prompt') {
      const id = `prompt-${++next}`;
      return { status: 200, body: { prompt_id: id, number: next, node_errors: {} } };
    }
    const history = /^\/history\/(.+)$/.exec(request.path)?.[1];
    if (history) {
      const seen = (polls.get(history) ?? 0) + 1;
      polls.set(history, seen);
      if (seen < 2) return { status: 200, body: {} };
      return {
        status: 200,
        body: {
          [history]: {
            prompt: [],
            outputs: {
              '8': {
                images: [{ filename: 'image-lab_00001_.png', subfolder: '', type: 'output' }],
              },
            },
            status: { status_str: 'success', completed: true, messages: [] },
          },
        },
      };
    }
    if (request.path === '/view') return { status: 200, body: picture };
    return notFound;
  };
}
