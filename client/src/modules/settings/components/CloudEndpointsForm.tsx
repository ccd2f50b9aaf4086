import styled from '@emotion/styled';
import { Form } from 'react-final-form';
import { Button } from '../../../ui/Button';
import { Card, CardTitle } from '../../../ui/Card';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { TextField } from '../../../ui/fields/TextField';
import type { CloudEndpointsFormController, CloudEndpointsFormValues } from '../hooks/useCloudEndpointsForm';

const StyledSectionText = styled.p(({ theme }) => ({ margin: theme.spacing(0, 0, 4), color: theme.colors.textMuted, fontSize: theme.fontSizes.sm }));

const StyledActions = styled.div(({ theme }) => ({ display: 'flex', alignItems: 'center', gap: theme.spacing(4), flexWrap: 'wrap' }));

const StyledSaved = styled.span(({ theme }) => ({ color: theme.colors.success, fontWeight: theme.fontWeights.medium }));

/** Admins only: where Slipway reaches the cloud services (GitHub Enterprise, or the local fakes), over the environment's defaults. */
export function CloudEndpointsForm({ endpoints, initialValues, validate, changed, onSubmit, error, dismissError, savedMessage }: CloudEndpointsFormController) {
  return (
    <Card aria-label="Cloud service URLs">
      <CardTitle>Cloud service URLs</CardTitle>
      <StyledSectionText>
        Where Slipway reaches GitHub, Docker Hub and DigitalOcean for every user's projects in cloud mode: GitHub Enterprise, or the
        local fakes that npm run fake-cloud starts. An empty field uses the default from Slipway's environment. Only admins see this
        section; a change applies to new work at once.
      </StyledSectionText>
      <Form<CloudEndpointsFormValues> onSubmit={onSubmit} initialValues={initialValues} subscription={{ values: true, submitting: true }}>
        {({ handleSubmit, values, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Cloud service URLs">
            {error && <ErrorBanner message={error} onDismiss={dismissError} />}
            {endpoints.map((endpoint) => (
              <TextField
                key={endpoint.key}
                name={endpoint.key}
                label={endpoint.label}
                type="url"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                placeholder={endpoint.defaultUrl}
                hint={`Empty: the default, ${endpoint.defaultUrl}.`}
                validate={validate(endpoint)}
              />
            ))}
            <StyledActions>
              <Button type="submit" disabled={submitting || changed(values).length === 0}>
                {submitting ? 'Saving...' : 'Save URLs'}
              </Button>
              {savedMessage && <StyledSaved role="status">{savedMessage}</StyledSaved>}
            </StyledActions>
          </form>
        )}
      </Form>
    </Card>
  );
}
