// The e2e site's mail server: keeps every mail it is sent and shows them over HTTP, so a journey can read the
// link in a password reset mail. SMTP on SMTP_CATCHER_PORT, GET /mails?to=address on SMTP_CATCHER_HTTP_PORT.
import http from 'node:http';
import { startSmtpCatcher } from '../server/test/smtp-catcher';

const smtpPort = Number(process.env.SMTP_CATCHER_PORT ?? 4290);
const httpPort = Number(process.env.SMTP_CATCHER_HTTP_PORT ?? 4291);

const catcher = await startSmtpCatcher(smtpPort);
const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://catcher.invalid');
  if (url.pathname === '/health') return void response.end('ok');
  if (url.pathname !== '/mails') {
    response.statusCode = 404;
    return void response.end();
  }
  const to = url.searchParams.get('to');
  const mails = (to ? catcher.to(to) : catcher.mails).map(({ from, to: rcpt, subject, text, html }) => ({
    from,
    to: rcpt,
    subject,
    text,
    html,
  }));
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(mails));
});
server.listen(httpPort, '127.0.0.1', () => console.log(`smtp catcher: SMTP ${catcher.url}, mails at http://127.0.0.1:${httpPort}/mails`));
const stop = () => {
  server.close();
  void catcher.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
