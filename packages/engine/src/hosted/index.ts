export { createHostedProviders, HostedConfigError } from './create-hosted.ts';
export type { HostedCallLogger, HostedCallRecord } from './call.ts';
export { HostedProviderError } from './errors.ts';
export type { HostedFailure } from './errors.ts';
export {
  DEFAULT_MODELS,
  DEFAULT_POLICY,
  HOSTED_PROVIDER_IDS,
  PROVIDER_CAPABILITIES,
  ROUTABLE_CAPABILITIES,
  routeCapabilities,
} from './settings.ts';
export type {
  CallPolicy,
  HostedProviderId,
  HostedSettings,
  RoutableCapability,
} from './settings.ts';
