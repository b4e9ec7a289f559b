// An Express 5 webhook endpoint built with createNodeWebhookHandler, as a user writes one.
// Appends one line per handled event to $HANDLED_LOG, and keeps the last raw delivery (body and
// signature) so `credit-platform webhooks verify` can check it. Prints `listening on <port>`.
import { appendFileSync, writeFileSync } from 'node:fs';
import express from 'express';
import { createNodeWebhookHandler } from 'credit-platform/webhooks';

const handledLog = process.env.HANDLED_LOG ?? 'handled.log';
const record = (event) => appendFileSync(handledLog, `${event.id} ${event.type} ${event.data.amount ?? ''}\n`);

const app = express();
app.post(
  '/webhooks',
  express.raw({ type: 'application/json' }),
  (req, _res, next) => {
    writeFileSync('last-body.json', req.body);
    writeFileSync('last-signature', String(req.headers['x-webhook-signature'] ?? ''));
    next();
  },
  createNodeWebhookHandler({
    secret: process.env.CREDIT_PLATFORM_WEBHOOK_SECRET,
    on: { 'deposit.created': record, 'score.updated': record },
  }),
);
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening on ${server.address().port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
