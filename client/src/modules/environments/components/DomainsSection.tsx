import styled from '@emotion/styled';
import { type FormEvent, useId, useState } from 'react';
import { apiErrorMessage } from '../../../app/apollo/error-message';
import { EnvironmentDomainsDocument } from '../../../generated/graphql';
import { useAddDomainMutation, useEnvironmentDomainsQuery, useRemoveDomainMutation } from '../../../generated/hooks';
import { Button } from '../../../ui/Button';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { controlStyles } from '../../../ui/fields/FieldShell';

const StyledSection = styled.section(({ theme }) => ({ marginTop: theme.spacing(3) }));
const StyledHeading = styled.h3(({ theme }) => ({ fontSize: theme.fontSizes.sm, margin: `0 0 ${theme.spacing(2)}` }));
const StyledList = styled.ul(({ theme }) => ({ listStyle: 'none', padding: 0, margin: `0 0 ${theme.spacing(2)}`, fontSize: theme.fontSizes.sm }));
const StyledItem = styled.li(({ theme }) => ({ display: 'flex', alignItems: 'center', gap: theme.spacing(2), marginBottom: theme.spacing(1) }));
const StyledLabel = styled.label(({ theme }) => ({ display: 'block', fontSize: theme.fontSizes.sm, marginBottom: theme.spacing(2) }));
const StyledInput = styled.input(({ theme }) => ({ ...controlStyles({ theme, invalid: false }), display: 'block', marginTop: theme.spacing(1) }));
const StyledTextArea = styled.textarea(({ theme }) => ({ ...controlStyles({ theme, invalid: false }), display: 'block', marginTop: theme.spacing(1), fontFamily: 'monospace' }));

/** An environment's custom domains: listed with their certificate, added (optionally with a certificate and key for HTTPS), removed. */
export function DomainsSection({ projectId, environment }: { projectId: string; environment: string }) {
  const headingId = useId();
  const [hostname, setHostname] = useState('');
  const [withCertificate, setWithCertificate] = useState(false);
  const [certificate, setCertificate] = useState('');
  const [key, setKey] = useState('');
  const refetchQueries = [{ query: EnvironmentDomainsDocument, variables: { projectId, name: environment } }];
  const { data } = useEnvironmentDomainsQuery({ variables: { projectId, name: environment } });
  const [add, adding] = useAddDomainMutation({ refetchQueries, awaitRefetchQueries: true });
  const [remove, removing] = useRemoveDomainMutation({ refetchQueries, awaitRefetchQueries: true });
  const domains = data?.environment.domains ?? [];
  const error = adding.error ?? removing.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = withCertificate ? { hostname, certificate, key } : { hostname };
    void add({ variables: { projectId, environment, input } }).then(
      () => {
        setHostname('');
        setCertificate('');
        setKey('');
        setWithCertificate(false);
      },
      () => undefined,
    );
  };

  return (
    <StyledSection aria-labelledby={headingId}>
      <StyledHeading id={headingId}>Domains of {environment}</StyledHeading>
      {error && <ErrorBanner message={apiErrorMessage(error, 'Failed to change the domains')} />}
      {domains.length ? (
        <StyledList>
          {domains.map((domain) => (
            <StyledItem key={domain.hostname}>
              <span>{domain.hostname}</span>
              <span>
                {domain.https
                  ? `HTTPS: ${domain.certificateSubject}, expires ${new Date(domain.certificateExpiresAt as string).toLocaleDateString()}`
                  : 'HTTP only'}
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={removing.loading}
                aria-label={`Remove ${domain.hostname}`}
                onClick={() => void remove({ variables: { projectId, environment, hostname: domain.hostname } }).catch(() => undefined)}
              >
                Remove
              </Button>
            </StyledItem>
          ))}
        </StyledList>
      ) : (
        <p>No domains: requests for a domain you add here (point its DNS at Slipway) go to this environment&apos;s app.</p>
      )}
      <form onSubmit={submit} aria-label={`Add a domain to ${environment}`}>
        <StyledLabel>
          Domain
          <StyledInput value={hostname} onChange={(event) => setHostname(event.target.value)} placeholder="shop.example.com" required />
        </StyledLabel>
        <StyledLabel>
          <input type="checkbox" checked={withCertificate} onChange={(event) => setWithCertificate(event.target.checked)} /> Serve HTTPS with my certificate
        </StyledLabel>
        {withCertificate && (
          <>
            <StyledLabel>
              Certificate (PEM, chain with the domain&apos;s certificate first)
              <StyledTextArea rows={4} value={certificate} onChange={(event) => setCertificate(event.target.value)} required />
            </StyledLabel>
            <StyledLabel>
              Private key (PEM; stored encrypted, never shown again)
              <StyledTextArea rows={4} value={key} onChange={(event) => setKey(event.target.value)} required />
            </StyledLabel>
          </>
        )}
        <Button type="submit" size="sm" disabled={adding.loading}>
          Add domain
        </Button>
      </form>
    </StyledSection>
  );
}
