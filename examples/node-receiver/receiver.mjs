// A mapr webhook receiver in Node, verifying every delivery with the SDK before trusting it.
//
//   MAPR_WEBHOOK_SECRET=whsec_… PORT=4000 node receiver.mjs        (HOST defaults to 127.0.0.1)
//   MAPR_WEBHOOK_SANDBOX_SECRET=whsec_…   to take the webhooks of sandbox work (mapr_test_ keys) too
//
// Accepted events are printed as one JSON line each ({ delivery, event, payload }); refusals as "refused: <reason>".
//
// Then give http://<your host>:4000/hooks/mapr as `webhook_url`, or forward events to it in development:
//   mapr webhooks listen --forward-to http://localhost:4000/hooks/mapr
import { createServer } from 'node:http';
import { verifyWebhook, WebhookVerificationError } from '@mapr/sdk';

const secret = process.env.MAPR_WEBHOOK_SECRET;
if (!secret) {
  console.error('Set MAPR_WEBHOOK_SECRET (GET /v1/webhooks/secret, or the dashboard’s Webhooks page).');
  process.exit(2);
}
// During a rotation, list the new secret and the previous one: MAPR_WEBHOOK_SECRET=new,previous
const secrets = secret.split(',');
// Sandbox work is signed with the sandbox secret only; what it verifies is accepted only as sandbox work.
const sandboxSecrets = (process.env.MAPR_WEBHOOK_SANDBOX_SECRET ?? '').split(',').filter(Boolean);
const port = Number(process.env.PORT ?? 4000);
const host = process.env.HOST ?? '127.0.0.1';
/**
 * Delivery ids already handled: deliveries are at-least-once, so drop repeats (use your database in production). The id
 * is `webhook-id`, which the Standard Webhooks signature covers (X-Service-Delivery is signed by no signature, so a
 * replay under a new one would pass for a new delivery).
 */
const handled = new Set();

const server = createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/hooks/mapr') {
    res.writeHead(404).end();
    return;
  }
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', async () => {
    // Verify the raw bytes: parsing and serialising the JSON again would change them.
    const rawBody = Buffer.concat(chunks);
    let event;
    try {
      event = await verifyWebhook(rawBody, req.headers, secrets, { scheme: 'standard_webhooks', sandboxSecret: sandboxSecrets });
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      console.log(`refused: ${error.reason}`);
      res.writeHead(401).end();
      return;
    }
    const deliveryId = req.headers['webhook-id'];
    if (!handled.has(deliveryId)) {
      handled.add(deliveryId);
      // Answer fast; do slow work (downloading event.video_url, e-mails) after answering.
      console.log(JSON.stringify({ delivery: deliveryId, event: event.event, payload: event }));
    }
    res.writeHead(200).end();
  });
});

server.listen(port, host, () => console.log(`listening on http://${host}:${server.address().port}`));
