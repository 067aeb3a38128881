import { expect, test, type Page } from '@playwright/test';
import { historySteps, LIVING_ROOM_PHOTO, signUpAndVerify } from '../support/editor.ts';

interface ProjectBody {
  id: string;
  name: string;
  description: string;
  imageCount: number;
}
interface ImageBody {
  id: string;
  projectId: string | null;
}

/** The header's project menu and what it opens. */
const projectMenu = (page: Page) => ({
  trigger: page.getByTestId('project-menu'),
  async open() {
    await this.trigger.click();
    await expect(page.getByTestId('project-menu-content')).toBeVisible();
  },
  async choose(item: string) {
    await this.open();
    await page.getByRole('menuitem', { name: item, exact: true }).click();
  },
  /**
   * Opens a project's submenu and picks one of its actions, by keyboard: a pointer moving
   * straight across the other rows would open their submenus instead.
   */
  async onProject(name: string, action: string) {
    await this.open();
    await page.getByTestId('project-list').getByRole('menuitem', { name }).click();
    await page.getByRole('menuitem', { name: action, exact: true }).press('Enter');
  },
});

const projects = async (page: Page) =>
  (await (await page.request.get('/api/projects')).json()) as ProjectBody[];
const editedImages = async (page: Page) =>
  (await (await page.request.get('/api/edited-images')).json()) as ImageBody[];

/** Creating or switching reloads the page after 500 ms; this waits for the new page. */
async function reloadsAfter(page: Page, action: () => Promise<void>) {
  const reloaded = page.waitForEvent('framenavigated');
  await action();
  await reloaded;
  await expect(page.getByRole('heading', { name: 'Image Editor' })).toBeVisible();
}

test('projects: create, rename, save, work in one, switch, open and delete from the header', async ({
  page,
}) => {
  // A long journey: several projects, saves and switches, each waiting for the server.
  test.setTimeout(90_000);
  await signUpAndVerify(page);
  await page.goto('/editor');
  const menu = projectMenu(page);
  const position = page.getByTestId('history-position');
  await expect(menu.trigger).toHaveText('No project');

  // Create: the name is trimmed and cut to 20 characters; a blank one cannot be sent.
  await menu.choose('New project…');
  const nameDialog = page.getByTestId('project-name-dialog');
  const create = nameDialog.getByRole('button', { name: 'Create project' });
  await nameDialog.getByLabel('Project name').fill('   ');
  await expect(create).toBeDisabled();
  await nameDialog.getByLabel('Project name').fill('  A very long project name');
  await reloadsAfter(page, () => create.click());
  await expect(menu.trigger).toHaveText('A very long project');
  const [first] = await projects(page);
  expect(first!.name).toBe('A very long project');

  // Rename through the project's submenu; an unchanged name sends nothing.
  await menu.onProject('A very long project', 'Rename…');
  await nameDialog.getByLabel('Project name').fill(' Kitchen ');
  await nameDialog.getByRole('button', { name: 'Rename' }).click();
  await expect(nameDialog).toBeHidden();
  await expect(menu.trigger).toHaveText('Kitchen');
  await expect(page.getByText('Renamed to “Kitchen”', { exact: true })).toBeVisible();

  // Uploads and edits land in the active project.
  await page.getByTestId('image-file-input').setInputFiles(LIVING_ROOM_PHOTO);
  await expect(position).toHaveText('Image 1 of 1');
  await page.getByLabel('Edit instructions').fill('make it brighter');
  await page.getByRole('button', { name: 'Send to AI' }).click();
  await expect(position).toHaveText('Image 2 of 2');
  const kitchen = (await projects(page))[0]!;
  const images = await editedImages(page);
  expect(images).toHaveLength(2);
  expect(images.map((i) => i.projectId)).toEqual([kitchen.id, kitchen.id]);

  // Save: a name is required ('Name Required' - 'Enter project name.'), the description is kept.
  await menu.choose('Save project…');
  const saveDialog = page.getByTestId('save-project-dialog');
  await expect(saveDialog.getByLabel('Project name')).toHaveValue('Kitchen');
  await expect(saveDialog.getByText('2 images will be saved')).toBeVisible();
  await saveDialog.getByLabel('Project name').fill('');
  await expect(saveDialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await saveDialog.getByLabel('Project name').press('Enter');
  await expect(page.getByText('Name Required', { exact: true })).toBeVisible();
  await expect(page.getByText('Enter project name.', { exact: true })).toBeVisible();
  await saveDialog.getByLabel('Project name').fill('Kitchen');
  await saveDialog.getByLabel('Description (optional)').fill('Brighter, warmer, calmer.');
  await saveDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Project saved', { exact: true })).toBeVisible();
  await expect
    .poll(async () => (await projects(page))[0]?.description)
    .toBe('Brighter, warmer, calmer.');

  // A new project: the editor starts afresh (blank canvas, empty history and prompt).
  await menu.choose('New project…');
  await nameDialog.getByLabel('Project name').fill('Loft');
  await reloadsAfter(page, () =>
    nameDialog.getByRole('button', { name: 'Create project' }).click(),
  );
  await expect(menu.trigger).toHaveText('Loft');
  await expect(page.getByText('Start with an image', { exact: true })).toBeVisible();
  await expect(historySteps(page)).toHaveCount(0);
  await expect(page.getByLabel('Edit instructions')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Open this image and its edits' })).toHaveCount(0);
  await page.getByTestId('image-file-input').setInputFiles(LIVING_ROOM_PHOTO);
  await expect(position).toHaveText('Image 1 of 1');
  const loft = (await projects(page)).find((p) => p.name === 'Loft')!;
  expect((await editedImages(page)).filter((i) => i.projectId === loft.id)).toHaveLength(1);

  // Switching back clears the canvas too; only this project's images are in the history.
  await reloadsAfter(page, () => menu.onProject('Kitchen', 'Switch to this project'));
  await expect(menu.trigger).toHaveText('Kitchen');
  await expect(page.getByText('Start with an image', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open this image and its edits' })).toHaveCount(1);

  // Open project…: the project's newest image comes back on the canvas.
  await menu.choose('Open project…');
  const loadDialog = page.getByTestId('load-project-dialog');
  await expect(loadDialog.getByRole('listitem')).toHaveCount(2);
  await reloadsAfter(page, () => loadDialog.getByRole('button', { name: /Kitchen/ }).click());
  await expect(position).toHaveText('Image 2 of 2');
  await expect(historySteps(page).nth(1)).toContainText('make it brighter');

  // Delete asks first and warns that the images go with the project.
  await menu.onProject('Kitchen', 'Delete…');
  const deleteDialog = page.getByTestId('delete-project-dialog');
  await expect(deleteDialog).toContainText('Delete “Kitchen”?');
  await expect(deleteDialog).toContainText(
    'All 2 of its images will be deleted too. This cannot be undone.',
  );
  await deleteDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(deleteDialog).toBeHidden();
  expect((await projects(page)).map((p) => p.name).sort()).toEqual(['Kitchen', 'Loft']);
  expect(await editedImages(page)).toHaveLength(3);
  await menu.onProject('Loft', 'Delete…');
  await expect(deleteDialog).toContainText(
    'Its 1 image will be deleted too. This cannot be undone.',
  );
  await deleteDialog.getByRole('button', { name: 'Delete project' }).click();
  await expect(page.getByText('Project “Loft” deleted', { exact: true })).toBeVisible();
  expect((await projects(page)).map((p) => p.name)).toEqual(['Kitchen']);
  expect((await editedImages(page)).map((i) => i.projectId)).toEqual([kitchen.id, kitchen.id]);
  await menu.open();
  await expect(page.getByTestId('project-list').getByRole('menuitem')).toHaveCount(1);
});

test('projects: the mobile side menu lists projects with their actions; guests are told to sign in', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signUpAndVerify(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/editor');
  await expect(page.getByTestId('project-menu')).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const sheet = page.getByTestId('mobile-menu');
  await expect(sheet.getByRole('link', { name: 'Stats' })).toBeVisible();
  await expect(sheet.getByText('No projects yet.')).toBeVisible();
  await sheet.getByRole('button', { name: 'New', exact: true }).click();
  const nameDialog = page.getByTestId('project-name-dialog');
  await nameDialog.getByLabel('Project name').fill('Balcony');
  const reloaded = page.waitForEvent('framenavigated');
  await nameDialog.getByRole('button', { name: 'Create project' }).click();
  await reloaded;
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(sheet.getByRole('button', { name: 'Balcony Current project' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  for (const action of ['Rename Balcony', 'Share Balcony', 'Delete Balcony']) {
    await expect(sheet.getByRole('button', { name: action })).toBeVisible();
  }
  await expect(sheet.getByRole('button', { name: 'Log Out' })).toBeVisible();
  // On a phone the side menu also holds the settings and the language (the header has no room).
  await expect(sheet.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  await sheet.getByRole('radio', { name: 'Deutsch' }).click();
  await expect(sheet.getByRole('radio', { name: 'Deutsch' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(sheet.getByRole('link', { name: 'Einstellungen' })).toBeVisible();
  await sheet.getByRole('radio', { name: 'English' }).click();
  await expect(sheet.getByRole('link', { name: 'Settings' })).toBeVisible();

  // A guest has no project menu; trying to save or share says an account is needed.
  const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const guest = await visitor.newPage();
  await guest.setViewportSize({ width: 375, height: 800 });
  await guest.goto('/');
  // The language can be chosen on a phone before signing in, too (an icon in the header).
  await expect(guest.getByTestId('language-picker')).toBeVisible();
  await guest.setViewportSize({ width: 1280, height: 800 });
  await guest.getByRole('button', { name: 'Try it without an account' }).click();
  await expect(guest.getByTestId('guest-banner')).toBeVisible();
  await expect(guest.getByTestId('project-menu')).toHaveCount(0);
  await guest.getByRole('button', { name: 'Save project' }).click();
  await expect(guest.getByText('Login Required', { exact: true })).toBeVisible();
  await expect(guest.getByText('Sign in to save projects.', { exact: true })).toBeVisible();
  await guest.getByRole('button', { name: 'Share image' }).click();
  await expect(guest.getByText('Sign in to share images', { exact: true })).toBeVisible();
  await visitor.close();
});
