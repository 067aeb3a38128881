import { CAPABILITIES, type Capability, type Provider } from './provider.ts';

/**
 * Which provider serves each capability. By default the first provider that offers it (list
 * the local provider last to make it the fallback); `choice` pins a capability to a provider
 * id. A choice naming an unknown provider, or one without the capability, is a configuration
 * error and fails at start rather than at the first request.
 */
export class ProviderRegistry {
  private readonly chosen = new Map<Capability, Provider>();

  constructor(providers: Provider[], choice: Partial<Record<Capability, string>> = {}) {
    for (const capability of CAPABILITIES) {
      const wanted = choice[capability];
      if (wanted === undefined) {
        const provider = providers.find((p) => p.capabilities.has(capability));
        if (provider) this.chosen.set(capability, provider);
        continue;
      }
      const provider = providers.find((p) => p.id === wanted);
      if (!provider) throw new Error(`No provider "${wanted}" for ${capability}`);
      if (!provider.capabilities.has(capability)) {
        throw new Error(`Provider "${wanted}" cannot ${capability}`);
      }
      this.chosen.set(capability, provider);
    }
  }

  for(capability: Capability): Provider | undefined {
    return this.chosen.get(capability);
  }

  has(capability: Capability): boolean {
    return this.chosen.has(capability);
  }

  describe(): Array<{ capability: Capability; provider: string | null }> {
    return CAPABILITIES.map((capability) => ({
      capability,
      provider: this.chosen.get(capability)?.id ?? null,
    }));
  }
}
