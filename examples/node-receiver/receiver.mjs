// A mapr webhook receiver in Node, verifying every delivery with the SDK before trusting it.
//
//   MAPR_WEBHOOK_SECRET=whsec_… PORT=4000 node receiver.mjs        (HOST defaults to 127.0.0.1)
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
const port = Number(process.env.PORT ?? 4000);
const host = process.env.HOST ?? '127.0.0.1';
/** Delivery ids already handled: deliveries are at-least-once, so drop repeats (use your database in production). */
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
      event = await verifyWebhook(rawBody, req.headers, secrets);
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      console.log(`refused: ${error.reason}`);
      res.writeHead(401).end();
      return;
    }
    const deliveryId = req.headers['x-service-delivery'];
    if (!handled.has(deliveryId)) {
      handled.add(deliveryId);
      // Answer fast; do slow work (downloading event.video_url, e-mails) after answering.
      console.log(JSON.stringify({ delivery: deliveryId, event: event.event, payload: event }));
    }
    res.writeHead(200).end();
  });
});

server.listen(port, host, () => console.log(`listening on http://${host}:${server.address().port}`));
