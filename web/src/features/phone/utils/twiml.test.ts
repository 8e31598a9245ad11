import { describe, expect, it } from 'vitest';
import { prettyXml } from '@/features/phone/utils/twiml';

describe('prettyXml', () => {
  it('lays TwiML out one element a line, text kept on its element’s line', () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><Response><Gather input="speech" action="https://x.test/api/phone/twilio/gather?call=c1" timeout="6"><Say language="en-US">Hello &amp; welcome!</Say><Pause length="1"/></Gather></Response>';
    expect(prettyXml(xml)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<Response>',
        '  <Gather input="speech" action="https://x.test/api/phone/twilio/gather?call=c1" timeout="6">',
        '    <Say language="en-US">Hello &amp; welcome!</Say>',
        '    <Pause length="1"/>',
        '  </Gather>',
        '</Response>',
      ].join('\n'),
    );
  });
});
