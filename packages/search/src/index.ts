/**
 * @vitrine/search: the shop's search and listing service. In process for the storefront's loaders
 * (`createSearchService`), over HTTP in the Coveo Commerce API v2 wire format (`createSearchHttpHandler`,
 * `serveSearch`), with merchandising rules and synonyms managed from the CLI.
 */
export {
  type CredentialCheck,
  DEFAULT_TOKEN_TTL_SECONDS,
  issueSearchToken,
  PUBLIC_KEY_PREFIX,
  publicApiKey,
  type SearchTokenOptions,
  verifySearchCredential,
} from "./api/auth.ts";
export { isSearchApiError, SearchApiError, SearchValidationError } from "./api/errors.ts";
export {
  createSearchHttpHandler,
  type RequestInfo,
  SEARCH_API_BASE_PATH,
  SEARCH_EVENTS_PATH,
  type SearchHttpHandler,
  type SearchHttpOptions,
  VISITOR_COOKIE,
} from "./api/http-handler.ts";
export {
  DEFAULT_SEARCH_PORT,
  type RunningSearchServer,
  type ServeSearchOptions,
  serveSearch,
  toNodeListener,
} from "./api/node-server.ts";
export {
  DEFAULT_RATE_LIMIT,
  HELP_API_RATE_RULE,
  localLimiter,
  type RateLimitOptions,
  type RequestLimiter,
  SEARCH_API_RATE_RULE,
} from "./api/rate-limit.ts";
export { type ProductTile, type TileBadge, type TileSwatch, toProductTile } from "./api/tile.ts";
export type * from "./api/types.ts";
export { type SearchDb, type SearchTables, searchDb, searchMigrations } from "./db/index.ts";
export { CatalogIndex, type CatalogInput } from "./engine/catalog-index.ts";
export { FACETS, type FacetDefinition, facetDisplayName } from "./engine/facets.ts";
export { RECOMMENDATION_SLOTS, type RecommendationSlot } from "./engine/recommend.ts";
export {
  availableSorts,
  DEFAULT_PER_PAGE,
  type EngineData,
  RESULT_WINDOW,
  SearchEngine,
  type SearchEngineOptions,
} from "./engine/search-engine.ts";
export { type SearchAnalytics, searchAnalytics } from "./events/analytics.ts";
export { COMMERCE_EVENT_TYPES, type PlacedOrder } from "./events/events.ts";
export {
  loadPopularity,
  ROLLED_UP_THROUGH_KEY,
  type RollupReport,
  rollUpSearchAnalytics,
  searchQueryStats,
} from "./events/rollup.ts";
export {
  HELP_CATEGORIES,
  HELP_CATEGORY_LABELS,
  type HelpCategory,
  type HelpDocument,
  type HelpSourceEntry,
  helpCategoryOf,
  helpDocuments,
  isHelpArticleKey,
} from "./help/documents.ts";
export {
  createHelpHttpHandler,
  HELP_API_BASE_PATH,
  type HelpHttpHandler,
  type HelpHttpOptions,
} from "./help/help-http.ts";
export { ANSWER_TUNING, type AnswerResult, HelpIndex } from "./help/help-index.ts";
export {
  type AnswerStreamMessage,
  answerMessages,
  createHelpService,
  HELP_ANSWER_CONFIG_ID,
  HELP_RESULT_WINDOW,
  type HelpAnswer,
  type HelpCitation,
  type HelpService,
  helpConcerns,
  helpDocumentUrl,
} from "./help/help-service.ts";
export { searchJobs } from "./jobs.ts";
export {
  addRule,
  addSynonym,
  type ChangeAudit,
  checkRule,
  checkSynonym,
  getRule,
  getSynonym,
  listRules,
  listSynonyms,
  type MerchandisingDraft,
  type RuleInput,
  type RuleIssue,
  type RuleKind,
  type RuleMatch,
  type RuleResult,
  type RuleRow,
  removeRule,
  removeSynonym,
  type StoredRule,
  SYNONYM_LANGUAGES,
  type SynonymInput,
  type SynonymResult,
  type SynonymRule,
  updateRule,
  updateSynonym,
  withDraft,
} from "./merchandising/rules.ts";
export { type Tried, tryListing, trySearch } from "./merchandising/try.ts";
export {
  type CapturedAnswer,
  createSearchService,
  type FeedListener,
  type ProductChanges,
  type SearchService,
  type SearchServiceOptions,
  type SearchServiceStatus,
} from "./service.ts";
