import { serviceUrlError } from '@slipway/domain';
import type { FormApi, SubmissionErrors } from 'final-form';
import { useMemo, useState } from 'react';
import { apiErrorMessage } from '../../../app/apollo/error-message';
import { serverErrorField } from '../../../app/errors/server-field-errors';
import { CloudEndpointsDocument, type CloudEndpointFieldsFragment, type CloudEndpointKey } from '../../../generated/graphql';
import { useSaveCloudEndpointsMutation } from '../../../generated/hooks';
import { useFlash } from '../../../ui/useFlash';
import { CLOUD_ENDPOINTS_SAVED, SAVED_MESSAGE_MS } from '../settings-fields';

export type CloudEndpointsFormValues = Partial<Record<CloudEndpointKey, string>>;

/** A saved URL shows in its field; a default one leaves the field empty (its placeholder shows the default). */
const toFormValues = (endpoints: readonly CloudEndpointFieldsFragment[]): CloudEndpointsFormValues =>
  Object.fromEntries(endpoints.map((endpoint) => [endpoint.key, endpoint.overridden ? endpoint.url : '']));

/**
 * The admins' section of Settings: the cloud services' URLs, each checked as an http(s) URL as it is typed; saving
 * sends the changed ones (an emptied one as null, back to the default) and places a refusal under its field.
 */
export function useCloudEndpointsForm(endpoints: readonly CloudEndpointFieldsFragment[]) {
  const [save] = useSaveCloudEndpointsMutation();
  const [error, setError] = useState<string | null>(null);
  const [savedMessage, flashSaved] = useFlash<string>(SAVED_MESSAGE_MS);
  const initialValues = useMemo(() => toFormValues(endpoints), [endpoints]);

  const changed = (values: CloudEndpointsFormValues) =>
    endpoints.filter(({ key }) => (values[key] ?? '').trim() !== (initialValues[key] ?? '').trim());

  const validate = (endpoint: CloudEndpointFieldsFragment) => (value: string | undefined) =>
    value?.trim() ? serviceUrlError(endpoint.label, value) : undefined;

  const onSubmit = async (values: CloudEndpointsFormValues, form: FormApi<CloudEndpointsFormValues>): Promise<SubmissionErrors | undefined> => {
    const changes = changed(values).map(({ key }) => ({ key, url: values[key]?.trim() || null }));
    if (!changes.length) return undefined;
    setError(null);
    try {
      const { data } = await save({
        variables: { endpoints: changes },
        update(cache, result) {
          if (result.data) cache.writeQuery({ query: CloudEndpointsDocument, data: { cloudEndpoints: result.data.saveCloudEndpoints } });
        },
      });
      if (data) form.initialize(toFormValues(data.saveCloudEndpoints));
      flashSaved(CLOUD_ENDPOINTS_SAVED);
      return undefined;
    } catch (caught) {
      const message = apiErrorMessage(caught, 'Failed to save the cloud service URLs');
      const field = serverErrorField(caught);
      if (field && endpoints.some(({ key }) => key === field)) return { [field]: message };
      setError(message);
      return undefined;
    }
  };

  return { endpoints, initialValues, validate, changed, onSubmit, error, dismissError: () => setError(null), savedMessage };
}

export type CloudEndpointsFormController = ReturnType<typeof useCloudEndpointsForm>;
