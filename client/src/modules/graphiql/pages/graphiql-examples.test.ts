import { buildSchema, getOperationAST, getVariableValues, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import schemaSdl from '../../../../../schema.graphql?raw';
import { EXAMPLE_TABS } from './graphiql-examples';

const schema = buildSchema(schemaSdl);

describe('GraphiQL example tabs', () => {
  it('are one named operation each for the main tasks: list projects, create a project, follow a pipeline', () => {
    expect(EXAMPLE_TABS.map((tab) => getOperationAST(parse(tab.query))?.name?.value)).toEqual([
      'ListProjects',
      'CreateProject',
      'FollowPipeline',
    ]);
  });

  it.each(EXAMPLE_TABS.map((tab) => [getOperationAST(parse(tab.query))?.name?.value, tab] as const))(
    '%s validates against schema.graphql, and so do its prefilled variables',
    (_name, tab) => {
      const document = parse(tab.query);
      expect(validate(schema, document).map((error) => error.message)).toEqual([]);
      const operation = getOperationAST(document)!;
      const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], JSON.parse(tab.variables ?? '{}'));
      expect(coerced.errors?.map((error) => error.message)).toBeUndefined();
    },
  );
});
