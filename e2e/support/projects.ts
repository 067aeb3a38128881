import { expect, type Page } from '@playwright/test';
import { LIVING_ROOM_PHOTO } from './editor.ts';

/** Opens a project's submenu in the header's project menu and picks one of its actions. */
export async function onProject(page: Page, name: string, action: string) {
  await page.getByTestId('project-menu').click();
  await page.getByTestId('project-list').getByRole('menuitem', { name }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).press('Enter');
}

/**
 * In the editor (wide screens): creates a project, uploads the living-room photo into it and
 * edits it once with `prompt`. Returns the history position ('Image 2 of 2' by then).
 */
export async function createProjectWithAnEdit(page: Page, name: string, prompt: string) {
  await page.getByTestId('project-menu').click();
  await page.getByRole('menuitem', { name: 'New project…', exact: true }).click();
  const nameDialog = page.getByTestId('project-name-dialog');
  await nameDialog.getByLabel('Project name').fill(name);
  const reloaded = page.waitForEvent('framenavigated');
  await nameDialog.getByRole('button', { name: 'Create project' }).click();
  await reloaded;
  await expect(page.getByTestId('project-menu')).toHaveText(name);
  const position = page.getByTestId('history-position');
  await page.getByTestId('image-file-input').setInputFiles(LIVING_ROOM_PHOTO);
  await expect(position).toHaveText('Image 1 of 1');
  await page.getByLabel('Edit instructions').fill(prompt);
  await page.getByRole('button', { name: 'Send to AI' }).click();
  await expect(position).toHaveText('Image 2 of 2');
  return position;
}
