import {
  ApplyRecipeRequest,
  ApplyRecipeResponse,
  CreateRecipeRequest,
  CreateRecipeResponse,
  ErrorResponse,
  MessageResponse,
  RECIPE_NOT_FOUND,
  RecipeParams,
  RecipesResponse,
} from '@image-lab/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../platform/errors.ts';
import { requireUser, requireWrite } from '../../platform/session.ts';
import { deleteRecipe, listRecipes } from './recipes.repository.ts';
import { applyRecipe, createRecipe, toRecipe } from './recipes.service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  402: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  422: ErrorResponse,
  429: ErrorResponse,
};

/** Sign-in and write permission are checked before the body, so a read-only grantee gets 403. */
const writer = async (request: FastifyRequest) => void requireWrite(request);

/** Recipes belong to the acting account: the people it is shared with list and use them too. */
export const recipesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['recipes'];
  app.accountHooks.onAccountExport(async (app, accountId) => ({
    recipes: (await listRecipes(app.database.db, accountId)).map(toRecipe),
  }));

  app.get(
    '/api/recipes',
    {
      schema: {
        tags,
        summary: 'The account’s recipes',
        response: { 200: RecipesResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const rows = await listRecipes(app.database.db, request.accountId ?? user.id);
      return { recipes: rows.map(toRecipe) };
    },
  );

  app.post(
    '/api/recipes',
    {
      preValidation: writer,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Save the presets and prompts that led to an image as a named recipe',
        body: CreateRecipeRequest,
        response: { 201: CreateRecipeResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { accountId } = requireWrite(request);
      return reply.status(201).send(await createRecipe(app, accountId, request.body));
    },
  );

  app.post(
    '/api/recipes/:id/apply',
    {
      preValidation: writer,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Run a recipe’s steps one after the other on an image (each step a paid edit)',
        params: RecipeParams,
        body: ApplyRecipeRequest,
        response: { 200: ApplyRecipeResponse, ...errors },
      },
    },
    async (request) => {
      const { accountId } = requireWrite(request);
      return applyRecipe(app, accountId, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/recipes/:id',
    {
      preValidation: writer,
      schema: { tags, params: RecipeParams, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      const { accountId } = requireWrite(request);
      if (!(await deleteRecipe(app.database.db, accountId, request.params.id))) {
        throw notFound(RECIPE_NOT_FOUND);
      }
      return { message: 'Recipe deleted' };
    },
  );
};
