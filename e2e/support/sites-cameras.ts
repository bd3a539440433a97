// Helpers of the sites and cameras specs: fake cameras (a TCP port that accepts, one that does
// not), a QR code as an NVR label shows it, and the steps a user takes in the camera dialog.
import { once } from 'node:events';
import type { Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectNoSeriousA11y } from './a11y';
import { api, type RegisteredCompany } from './api';
import { screenshot } from './browser';

/** A QR code (PNG) holding 'rtsp://192.168.1.64:554/Streaming/Channels/101', as an NVR label shows. */
export const nvrQrPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAKQAAACkCAYAAAAZtYVBAAAAAklEQVR4AewaftIAAAYiSURBVO3BQW4kwRHAQLKg/3+Z3mOeGmjMSC4bGWH/sNYlDmtd5LDWRQ5rXeSw1kUOa13ksNZFDmtd5LDWRQ5rXeSw1kUOa13ksNZFDmtd5LDWRQ5rXeSHD6n8pYpJZar4hMpU8UTlScWk8k0VT1T+UsUnDmtd5LDWRQ5rXeSHL6v4JpU3VKaKT6hMFU8qJpWpYlKZKp6oTCpTxZOKb1L5psNaFzmsdZHDWhf54ZepvFHxiYo3VH5TxaQyVUwqU8WTik+ovFHxmw5rXeSw1kUOa13kh/9xFZPKk4onFZPKJ1SmikllqphUnqhMFf/LDmtd5LDWRQ5rXeSH/3Eqb6g8UZkqJpUnKlPFk4pJ5Y2K/yeHtS5yWOsih7Uu8sMvq/hNFU9UpopJZar4RMWk8qTiScUTlanijYqbHNa6yGGtixzWusgPX6byl1Smim9SmSomlTcqJpWpYlKZKj6hcrPDWhc5rHWRw1oXsX/4P6bypGJSmSomlTcq3lB5o+L/yWGtixzWushhrYvYP3xAZap4ovLfVPGGylTxROVJxROVqWJSeaPiicpUMam8UfGJw1oXOax1kcNaF/nhQxWTyhsVk8pUMam8UTGpvFExqUwVb6h8U8Wk8kRlqphUnlRMKt90WOsih7UucljrIj98SGWqmFSmijdUpoonKn9JZap4Q2WqmFTeqHhSManc5LDWRQ5rXeSw1kV++FDFpPKGypOKb6p4ovJNKm+ovKHypGJSeVIxqUwqv+mw1kUOa13ksNZFfvhjKlPFE5UnFW+ofKLiicpU8YbKVDGpPKmYVKaKSeVJxaTymw5rXeSw1kUOa13khw+pPKl4ovKkYlJ5Q+VJxaQyqUwVTyomlW+qmFSeVHxTxW86rHWRw1oXOax1kR/+mMqTiknlExVPVKaKJypTxaTyiYpJZap4ojJVPKmYVKaKv3RY6yKHtS5yWOsiP3xZxaQyVTxRmSomlUllqphUpoonKlPFVDGpPKl4ovJNFW+oPFGZKn7TYa2LHNa6yGGti/zwZSqfqJhUpopJ5TepPKmYVCaVqeKJylTxpOKJyhsVb6hMFZ84rHWRw1oXOax1EfuHL1KZKiaVqeINlScV/00qU8Wk8qRiUnmj4onKVDGpPKn4TYe1LnJY6yKHtS5i//CLVKaKSeUTFZPKVDGpfFPFpPKk4onKk4onKlPFb1KZKj5xWOsih7UucljrIvYPH1D5RMUnVKaKT6i8UfEJlaliUpkqJpW/VPGbDmtd5LDWRQ5rXeSHD1U8UXmiMlVMKt+kMlU8qXiiMlVMKlPFVDGp/KWKSWWqmFSeVHzisNZFDmtd5LDWRewfPqDyRsWkMlV8QmWqeENlqriJypOKSeWNiknlScU3Hda6yGGtixzWusgPX1bxROUNlScVb6hMFU9Upoo3VN6omFSeVEwqTyomlScVk8qkMlV84rDWRQ5rXeSw1kV+uFzFE5WpYlJ5o+KJylQxqUwVk8obFU9UpopJ5UnFE5Wp4jcd1rrIYa2LHNa6iP3DB1S+qWJSeVIxqUwVT1SeVDxRmSomlaniicp/U8UbKlPFJw5rXeSw1kUOa13khw9V/KaKJypvqLyh8obKE5U3KiaVJxVvqDxRmSp+02GtixzWushhrYv88CGVv1TxpOITFU9UpopJZaqYVKaK36QyVXxCZar4psNaFzmsdZHDWhf54csqvknlmyqeqEwVT1SeqLyh8qRiUnlS8U0Vv+mw1kUOa13ksNZFfvhlKm9U/CWVqWJSmSomlScVf0nlEypTxV86rHWRw1oXOax1kR/Wo4o3KiaVqeJJxaTypGJSmSreUJlUporfdFjrIoe1LnJY6yI//I+r+ETFGypTxRsqU8Wk8omKSeVJxVTxROVJxScOa13ksNZFDmtd5IdfVvGXVKaKSWWqmFSmiqnijYpJZVJ5UvGGypOKN1T+0mGtixzWushhrYv88GUqf0llqphUpoo3VN6omFSeVLyh8kbFpPKkYqr4S4e1LnJY6yKHtS5i/7DWJQ5rXeSw1kUOa13ksNZFDmtd5LDWRQ5rXeSw1kUOa13ksNZFDmtd5LDWRQ5rXeSw1kUOa13kPxaQ9WsqXPhqAAAAAElFTkSuQmCC',
  'base64',
);

export const listenTcp = async (): Promise<TcpServer> => {
  // A fake camera: accepts the health monitor's TCP connection, as an RTSP port would.
  const server = createTcpServer((socket) => socket.destroy());
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
};
export const portOf = (server: TcpServer | HttpServer) => {
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
};
/** A port nothing listens on (opened, then closed). */
export const closedPort = async () => {
  const server = await listenTcp();
  const port = portOf(server);
  await new Promise((r) => server.close(r));
  return port;
};

export async function createSiteViaApi(
  company: RegisteredCompany,
  name: string,
  address = '1 rue de la Paix, Paris',
) {
  const res = await api<{ id: string }>('POST', '/api/sites', { name, address }, company.token);
  expect(res.status).toBe(201);
  return res.body.id;
}

export async function pickOption(page: Page, trigger: string, option: string) {
  await page.locator(trigger).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

export type NewCamera = {
  name: string;
  location: string;
  rtspUrl: string;
  snapshotUrl?: string;
  ptz?: boolean;
};

export async function addCameraThroughDialog(page: Page, siteName: string, camera: NewCamera, shot?: string) {
  await page.getByRole('button', { name: 'Ajouter caméra' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter une caméra' });
  await dialog.waitFor();
  await pickOption(page, '#camera-siteId', siteName);
  await dialog.getByLabel('Nom de la caméra').fill(camera.name);
  await dialog.getByLabel('Emplacement').fill(camera.location);
  if (camera.ptz) await pickOption(page, '#camera-type', 'PTZ');
  await dialog.getByLabel('Adresse IP').fill('127.0.0.1');
  await dialog.getByLabel('URL RTSP / NVR / DVR').fill(camera.rtspUrl);
  if (camera.snapshotUrl) await dialog.getByLabel("URL de l'image (snapshot)").fill(camera.snapshotUrl);
  await dialog.getByLabel('Vision nocturne').check();
  await dialog.getByLabel('Détection de mouvement').check();
  if (shot) {
    await screenshot(page, shot);
    await expectNoSeriousA11y(page);
  }
  await dialog.getByRole('button', { name: 'Ajouter la caméra' }).click();
  await page.getByText('La nouvelle caméra a été configurée avec succès').first().waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

export const row = (page: Page, name: string) => page.getByTestId('camera-row').filter({ hasText: name });
export const tile = (page: Page, name: string) => page.getByTestId('camera-tile').filter({ hasText: name });
export const card = (page: Page, name: string) => page.getByTestId('site-card').filter({ hasText: name });
