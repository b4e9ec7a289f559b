// The application code under test: a Fetch-style webhook endpoint that credits deposits.
import { constructWebhookEvent, WebhookVerificationError } from 'credit-platform/webhooks';

export const credited: { depositId: string; amount: string }[] = [];

export async function webhookEndpoint(request: Request, secret: string): Promise<Response> {
  try {
    const event = constructWebhookEvent(await request.text(), request.headers.get('x-webhook-signature'), secret);
    if (event.type === 'deposit.created') credited.push({ depositId: event.data.depositId, amount: event.data.amount });
    return new Response(null, { status: 200 });
  } catch (error) {
    if (error instanceof WebhookVerificationError) return new Response(error.code, { status: 400 });
    throw error;
  }
}
