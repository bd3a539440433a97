// The ceiling: a bare Fastify route serving 50 rows from memory, no database, no auth.
import Fastify from 'fastify';

const rows = Array.from({ length: 50 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  companyId: '00000000-0000-4000-8000-000000000000',
  name: `Agent ${i}`,
  email: `agent-${i}@exemple.fr`,
  phone: null,
  role: 'agent',
  isOwner: false,
  city: 'Paris',
  timezone: 'Europe/Paris',
  language: 'fr',
  createdAt: new Date(0).toISOString(),
}));

const app = Fastify({ logger: false });
app.get('/rows', async () => rows);
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log('listening');
