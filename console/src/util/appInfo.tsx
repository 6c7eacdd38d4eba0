// Facts about the running installation that every screen may show: version and environment (top bar, footer,
// page title) and the privacy/terms links (footer, login page, consent dialog). Loaded once when the console
// starts. Failures are silent (spec/1 §8): no version string, privacy link blanked.
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { api } from '../api/client';
import type { VersionInfo } from '../api/types';

export const PRODUCT_LABEL = 'TMS';
/** Year of the footer copyright, read once when the console loads. */
export const COPYRIGHT_YEAR = new Date().getFullYear();

export interface PolicyLinks {
  privacy: string;
  terms: string;
}

interface AppInfo {
  version: VersionInfo | null;
  links: PolicyLinks | null;
}

const AppInfoContext = createContext<AppInfo>({ version: null, links: null });

/** GET auth/get_privacy_consent_url: message carries the privacy URL, message_code the terms URL. */
export async function fetchPolicyLinks(): Promise<PolicyLinks | null> {
  const res = await api.get('auth/get_privacy_consent_url', { ignoreUnauthorized: true });
  return res.success ? { privacy: res.message, terms: res.message_code } : null;
}

/** The policy links as a query: asked once where they are shown, failures silent (null). */
export function usePolicyLinks(): PolicyLinks | null {
  const query = useQuery({ queryKey: ['policy-links'], queryFn: fetchPolicyLinks });
  return query.data ?? null;
}

export function AppInfoProvider({ children }: { children: ReactNode }) {
  const version = useQuery({
    queryKey: ['version'],
    queryFn: () => api.get<VersionInfo>('util/version', { ignoreUnauthorized: true }),
  });
  const links = usePolicyLinks();
  const answer = version.data;
  const info = useMemo<AppInfo>(
    () => ({ version: answer?.success && answer.data ? answer.data : null, links }),
    [answer, links],
  );

  return <AppInfoContext.Provider value={info}>{children}</AppInfoContext.Provider>;
}

export function useAppInfo(): AppInfo {
  return useContext(AppInfoContext);
}
