/**
 * `npm run events:listen -- --secret <signingSecret> [--port 4400] [--host 127.0.0.1]`: a small receiver of the
 * chatbot events (docs/events.md) for integrators. Point a shop's chatbot `eventsUrl` (and `webchatUrl`) at
 * `http://127.0.0.1:4400/` (`PUT /api/platform/shops/{shop}/messaging`); each delivery's signature is checked
 * (HMAC over the raw body, 5-minute timestamp window), a repeat of a key already taken is answered 200 and marked
 * as such, and each event is printed as one JSON line. A bad signature is answered 401 (not retried).
 */
import { createServer, type IncomingMessage } from 'node:http';
import { parseArgs } from 'node:util';
import { EVENT_ID_HEADER, verifySignature } from '../adapters/channels/webhook-signature.ts';

const { values } = parseArgs({
  options: {
    secret: { type: 'string' },
    port: { type: 'string', default: '4400' },
    host: { type: 'string', default: '127.0.0.1' },
  },
});
if (!values.secret || values.secret.length < 16) {
  console.error('Informe o segredo de assinatura da loja: --secret <signingSecret> (16 caracteres ou mais).');
  process.exit(2);
}
const secret = values.secret;
const MAX_BODY = 1024 * 1024;
/** Keys already taken (kept for the run, as a receiver keeps them for a day). */
const taken = new Set<string>();

async function rawBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const server = createServer((request, response) => {
  void (async () => {
    const answer = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST') return answer(405, { error: 'use POST' });
    const raw = await rawBody(request);
    if (raw === null) return answer(413, { error: 'corpo grande demais' });
    if (!verifySignature(secret, request.headers, raw)) {
      console.log(JSON.stringify({ at: new Date().toISOString(), refused: 'assinatura inválida ou antiga' }));
      return answer(401, { error: 'assinatura inválida' });
    }
    const id = String(request.headers[EVENT_ID_HEADER] ?? '');
    const repeat = taken.has(id);
    taken.add(id);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return answer(400, { error: 'JSON inválido' });
    }
    console.log(JSON.stringify({ at: new Date().toISOString(), id, repeat, body }));
    answer(200, { id });
  })().catch((error: unknown) => {
    console.error(error);
    response.writeHead(500).end();
  });
});

server.listen(Number(values.port), values.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : values.port;
  console.error(`Recebendo eventos em http://${values.host}:${port}/ (Ctrl-C para sair)`);
});
