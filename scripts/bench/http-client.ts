/**
 * The benchmark's HTTP client: HTTP/1.1 over kept-alive loopback sockets, doing no more than a load
 * generator must (write the request, wait for Content-Length bytes of answer), so that the client's
 * own work, which shares the machine's two cores with the API and PostgreSQL, is not counted as the
 * API's. Answers must carry Content-Length (Fastify's JSON answers do).
 */
import net from 'node:net';

export interface HttpAnswer {
  status: number;
  body: Buffer;
}

const HEADER_END = Buffer.from('\r\n\r\n');

class Connection {
  private readonly socket: net.Socket;
  private received: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (answer: HttpAnswer) => void; reject: (error: Error) => void } | undefined;

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk: Buffer) => this.receive(chunk));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error('The API closed the connection.')));
  }

  send(request: Buffer): Promise<HttpAnswer> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(request);
    });
  }

  close() {
    this.socket.destroy();
  }

  private receive(chunk: Buffer) {
    this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    const headerEnd = this.received.indexOf(HEADER_END);
    if (headerEnd < 0) return;
    const head = this.received.toString('latin1', 0, headerEnd);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
    if (length === undefined) return this.fail(new Error(`An answer without Content-Length: ${head}`));
    const end = headerEnd + HEADER_END.length + Number(length);
    if (this.received.length < end) return;
    const answer = {
      status: Number(head.slice('HTTP/1.1 '.length, 'HTTP/1.1 '.length + 3)),
      body: this.received.subarray(headerEnd + HEADER_END.length, end),
    };
    this.received = this.received.subarray(end);
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.resolve(answer);
  }

  private fail(error: Error) {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(error);
  }
}

/** POSTs JSON with a bearer token; each call takes an idle connection or opens one. */
export function createHttpClient(port: number, token: string) {
  const idle: Connection[] = [];
  const all: Connection[] = [];
  return {
    async postJson(path: string, body: unknown): Promise<HttpAnswer> {
      const payload = Buffer.from(JSON.stringify(body));
      const head =
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${payload.length}\r\n\r\n`;
      let connection = idle.pop();
      if (!connection) {
        connection = new Connection(port);
        all.push(connection);
      }
      try {
        return await connection.send(Buffer.concat([Buffer.from(head, 'latin1'), payload]));
      } finally {
        idle.push(connection);
      }
    },
    /** GETs a path (query string included) with the bearer token. */
    async getJson(path: string): Promise<HttpAnswer> {
      const head = `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n\r\n`;
      let connection = idle.pop();
      if (!connection) {
        connection = new Connection(port);
        all.push(connection);
      }
      try {
        return await connection.send(Buffer.from(head, 'latin1'));
      } finally {
        idle.push(connection);
      }
    },
    close() {
      for (const connection of all) connection.close();
    },
  };
}
