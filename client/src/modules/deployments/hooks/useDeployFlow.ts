import { useEffect, useRef, useState } from 'react';
import type { VersionCardFragment } from '../../../generated/graphql';
import { DEPLOY_SWITCH_DELAY_MS } from '../deployment-format';

/**
 * The Deploy button's flow (spec section 2): `open` shows the strategy modal for a version; once the deployment
 * is created the modal closes and, about a second later, `onSwitch` shows the Deployments tab.
 */
export function useDeployFlow(onSwitch: () => void) {
  const [version, setVersion] = useState<VersionCardFragment | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onSwitchRef = useRef(onSwitch);
  useEffect(() => {
    onSwitchRef.current = onSwitch;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  return {
    version,
    open: (next: VersionCardFragment) => setVersion(next),
    close: () => setVersion(null),
    deployed: () => {
      setVersion(null);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => onSwitchRef.current(), DEPLOY_SWITCH_DELAY_MS);
    },
  };
}
