import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { EVENT_DEFINITIONS, EVENT_TYPES } from '../../src/events/event-types';
import { sampleEventData } from '../../src/events/sample-event-data';

/** The catalogue is the one source of event types: every example must be a valid `data` of its type, and users must find every type documented. */
describe('event catalogue', () => {
  const ajv = new Ajv({ strict: true, allErrors: true });
  addFormats(ajv);

  it.each(EVENT_TYPES)('%s: the example and the test event data validate against the JSON Schema', (type) => {
    const validate = ajv.compile(EVENT_DEFINITIONS[type].dataSchema);
    expect({ valid: validate(EVENT_DEFINITIONS[type].example), errors: validate.errors ?? null }).toEqual({ valid: true, errors: null });
    expect(validate(sampleEventData(type, 'wh_00000000'))).toBe(true);
  });

  it('a schema refuses data missing a required field, so the examples above prove something', () => {
    const validate = ajv.compile(EVENT_DEFINITIONS['webhook.paused'].dataSchema);
    const { reason: _reason, ...withoutReason } = EVENT_DEFINITIONS['webhook.paused'].example;
    expect(validate(withoutReason)).toBe(false);
  });

  it('docs/webhooks.md describes every event type', () => {
    const guide = readFileSync(path.join(__dirname, '../..', 'docs', 'webhooks.md'), 'utf8');
    expect(EVENT_TYPES.filter((type) => !guide.includes(`\`${type}\``))).toEqual([]);
  });
});
