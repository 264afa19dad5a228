// Credentials recognisable by their shape alone, wherever they appear. Each starts with a literal prefix
// a provider chose so that scanners can find its keys, and each is bounded so hostile text stays linear.

/** One pattern per credential shape; a match is masked only when it holds a digit (prose has few). */
export const SECRET_TOKEN_SHAPES: readonly RegExp[] = [
  /(?<![A-Za-z0-9_-])sk-[A-Za-z0-9_-]{20,4096}/g, // OpenAI, OpenAI project, Anthropic, OpenRouter
  /(?<![A-Za-z0-9])(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{10,4096}/g, // Stripe
  /(?<![A-Za-z0-9])whsec_[A-Za-z0-9]{24,255}/g, // Stripe webhook signing secret
  /(?<![A-Za-z0-9])AIza[0-9A-Za-z_-]{35}/g, // Google API key
  /(?<![A-Za-z0-9+/])ABSK[A-Za-z0-9+/]{40,4096}={0,2}/g, // Amazon Bedrock API key (long-term)
  /(?<![A-Za-z0-9_-])bedrock-api-key-[A-Za-z0-9+/=%_-]{40,8192}(?:&Version=\d{1,3})?/g, // Amazon Bedrock API key (short-term)
  /(?<![A-Za-z0-9])ya29\.[A-Za-z0-9_-]{20,4096}/g, // Google OAuth access token
  /(?<![A-Za-z0-9])GOCSPX-[A-Za-z0-9_-]{20,255}/g, // Google OAuth client secret
  /(?<![A-Za-z0-9])(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{30,255}/g, // GitHub
  /(?<![A-Za-z0-9])github_pat_[A-Za-z0-9_]{22,255}/g, // GitHub fine-grained
  /(?<![A-Za-z0-9])glpat-[A-Za-z0-9_-]{20,255}/g, // GitLab
  /(?<![A-Za-z0-9])xox[abeoprs]-[A-Za-z0-9-]{10,255}/g, // Slack bot, user, app, refresh tokens
  /(?<![A-Za-z0-9])xapp-[0-9]-[A-Za-z0-9-]{10,255}/g, // Slack app-level token
  /(?<![A-Za-z0-9])SG\.[A-Za-z0-9_-]{16,64}\.[A-Za-z0-9_-]{16,128}/g, // SendGrid
  /(?<![A-Za-z0-9])shp(?:at|ss|ca|pa)_[A-Za-z0-9]{32,64}/g, // Shopify
  /(?<![A-Za-z0-9])hf_[A-Za-z0-9]{30,255}/g, // Hugging Face
  /(?<![A-Za-z0-9])npm_[A-Za-z0-9]{36,255}/g, // npm
  /(?<![A-Za-z0-9])pypi-AgE[A-Za-z0-9_-]{50,4096}/g, // PyPI
  /(?<![A-Za-z0-9])dop_v1_[a-f0-9]{64}/g, // DigitalOcean
  /(?<![A-Za-z0-9])dapi[a-f0-9]{32}(?:-[0-9])?(?![A-Za-z0-9])/g, // Databricks
  /(?<![A-Za-z0-9])gsk_[A-Za-z0-9]{40,255}/g, // Groq
  /(?<![A-Za-z0-9])r8_[A-Za-z0-9]{30,255}/g, // Replicate
  /(?<![A-Za-z0-9])pplx-[A-Za-z0-9]{40,255}/g, // Perplexity
  /(?<![A-Za-z0-9])xai-[A-Za-z0-9]{40,255}/g, // xAI
  /(?<![A-Za-z0-9])lin_api_[A-Za-z0-9]{32,255}/g, // Linear
  /(?<![A-Za-z0-9])PMAK-[a-f0-9]{24}-[a-f0-9]{34}/g, // Postman
  /(?<![A-Za-z0-9-])key-[a-f0-9]{32}(?![A-Za-z0-9])/g, // Mailgun
  /(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|AROA|ANPA|ANVA)[A-Z0-9]{16}(?![A-Za-z0-9])/g, // AWS key ids
  /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{5,8192}\.eyJ[A-Za-z0-9_-]{5,8192}\.[A-Za-z0-9_-]{0,8192}/g, // JWT
];
