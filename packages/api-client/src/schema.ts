// Generated from openapi.json by `npm run openapi:generate`; do not edit by hand.

export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process is up */
        get: operations["getHealthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: the database and every dependency answer */
        get: operations["getReadyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wallet/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Credits the signed-in person can use now, in one context (spending by default) */
        get: operations["getWalletBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wallet/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Newest first; `before` (from the x-next-before header) pages stably while new rows arrive */
        get: operations["getWalletTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/magic-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Email a sign-in link; new addresses are registered when the link is used. Same reply either way. */
        post: operations["postAuthMagicLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Exchange the emailed token for a session (registers the person on first sign-in) */
        post: operations["postAuthVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate the refresh token; a reused one revokes its whole session */
        post: operations["postAuthRefresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out: end the session the bearer token belongs to */
        post: operations["postAuthLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The current session and its person */
        get: operations["getAuthSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/set-context": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Switch the active context (spending or earning); replies with the profile */
        post: operations["postAuthSetContext"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/verify-email-change/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Confirm an email change from the link sent to the new address (no auth header) */
        get: operations["getAuthVerifyEmailChangeByToken"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/profile/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in person */
        get: operations["getProfile"];
        /** Update first and last name (trimmed, required) and preferences */
        put: operations["putProfile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/profile/change-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a confirmation link to the new address; 400 "already in use" when another account has it */
        post: operations["postProfileChangeEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payments/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How the console reaches Stripe: the real Stripe (publishable key) or local test mode (api_base) */
        get: operations["getPaymentsConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payments/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stripe webhook of the platform account (signed; each event applied once however often it is delivered) */
        post: operations["postPaymentsWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payments/connect-webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stripe Connect webhook: events of connected accounts, signed with the Connect endpoint secret (STRIPE_CONNECT_WEBHOOK_SECRET) */
        post: operations["postPaymentsConnectWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payments/setup-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Payment (saved card) and payout (Stripe Connect) set-up of the signed-in person */
        get: operations["getPaymentsSetupStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payments/setup-spending": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start saving a card: no body; returns a SetupIntent client_secret (off-session use) */
        post: operations["postPaymentsSetupSpending"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payments/setup-earning": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start payouts: no body; creates (or reuses) the Stripe Connect account and returns an onboarding link while details are missing */
        post: operations["postPaymentsSetupEarning"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payments/verify-bank": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** No body; re-reads the Connect account from Stripe; verified = payouts enabled. 404 without an account */
        post: operations["postPaymentsVerifyBank"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payments/connect/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Stripe Connect status */
        get: operations["getPaymentsConnectStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payments/connect/create-account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Creates the Stripe Connect (Express) account, or reports the existing one */
        post: operations["postPaymentsConnectCreateAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payments/connect/onboarding-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A single-use link to Stripe's hosted onboarding (creates the account if needed) */
        post: operations["postPaymentsConnectOnboardingLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payments/connect/dashboard-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A login link to the Stripe Express dashboard; 404 without an account */
        post: operations["postPaymentsConnectDashboardLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payments/connect/disconnect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Unlinks the Connect account (back to no account); disconnected false when there was none */
        post: operations["postPaymentsConnectDisconnect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wallet/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Both balances of the signed-in person, and whether the first-project bonus was claimed */
        get: operations["getWallet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wallet/context/{context}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The wallet of one context (spending or earning) */
        get: operations["getWalletContextByContext"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wallet/payment-methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Saved payment methods */
        get: operations["getWalletPaymentMethods"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wallet/purchase-credits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Creates a Stripe PaymentIntent for amount_usd whole dollars (at least $50); credits arrive with its payment_intent.succeeded webhook */
        post: operations["postWalletPurchaseCredits"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wallet/setup-payment-method": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A SetupIntent (usage off_session) to save a card for auto-recharge */
        post: operations["postWalletSetupPaymentMethod"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wallet/saved-payment-method": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The card saved for auto-recharge; 404 when none */
        get: operations["getWalletSavedPaymentMethod"];
        put?: never;
        post?: never;
        /** Removes the saved card (auto-recharge stops working); 404 when none */
        delete: operations["deleteWalletSavedPaymentMethod"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wallet/auto-recharge/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Auto-recharge settings */
        get: operations["getWalletAutoRechargeStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wallet/auto-recharge/configure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Saves threshold_credits and purchase_amount_credits (enabled defaults to true): purchase >= 50,000 in steps of 1,000, threshold >= 1 and below the purchase */
        post: operations["postWalletAutoRechargeConfigure"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wallet/auto-recharge/toggle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Turns auto-recharge on or off, keeping the amounts */
        put: operations["putWalletAutoRechargeToggle"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evaluator/cashouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** My payout history, newest first: each cash-out with its status, Stripe transfer, failure reason and the cash-out it retries */
        get: operations["getEvaluatorCashouts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evaluator/cashout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cash out earnings (amount_credits optional: default everything cashable, in whole cents). Pending, then a Stripe transfer of the net (gross less the 10% fee) to the connected account; paid or failed (credits restored) */
        post: operations["postEvaluatorCashout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evaluator/apply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Apply as an evaluator by LinkedIn, CV upload or Indeed resume; makes the person pending */
        post: operations["postEvaluatorApply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evaluator/upload/cv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload a CV (multipart field `file`): PDF, DOC or DOCX recognised by content, under 5 MB */
        post: operations["postEvaluatorUploadCv"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evaluator/cv/{file_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download an uploaded CV (its owner or a platform admin) */
        get: operations["getEvaluatorCvByFileId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evaluator/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Evaluator status, earning balance and whether a cash-out is possible */
        get: operations["getEvaluatorStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evaluator/express-expert-interest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A pending or verified evaluator asks to be considered for the expert tier (once) */
        post: operations["postEvaluatorExpressExpertInterest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evaluator/votes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in evaluator's own votes, newest first, with each vote's outcome; keyset paging */
        get: operations["getEvaluatorVotes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/linkedin/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Browser navigation: redirects to LinkedIn (OpenID Connect with state and PKCE) */
        get: operations["getAuthLinkedinAuthorize"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/linkedin/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** LinkedIn returns here; redirects to /evaluator/apply with linkedin_success, linkedin_id, name and email */
        get: operations["getAuthLinkedinCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/evaluator-applications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Evaluator applications by status, newest first (react-admin list when sort/range/filter are given) */
        get: operations["getAdminEvaluatorApplications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/evaluator-applications/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One evaluator application (react-admin getOne) */
        get: operations["getAdminEvaluatorApplicationsByUserId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/evaluator/approve/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Verify a pending evaluator at a qualification tier (community by default) */
        post: operations["postAdminEvaluatorApproveByUserId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/evaluator/reject/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reject a pending evaluator with a reason shown to them (at least 10 characters) */
        post: operations["postAdminEvaluatorRejectByUserId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** People (react-admin list) */
        get: operations["getAdminUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One person */
        get: operations["getAdminUsersById"];
        /** Change is_admin and/or disabled (react-admin update); other fields are ignored */
        put: operations["putAdminUsersById"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{id}/grant-admin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** grant-admin (recorded as an event on user-{id}) */
        post: operations["postAdminUsersByIdGrantAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{id}/revoke-admin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** revoke-admin (recorded as an event on user-{id}) */
        post: operations["postAdminUsersByIdRevokeAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** disable (recorded as an event on user-{id}) */
        post: operations["postAdminUsersByIdDisable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** enable (recorded as an event on user-{id}) */
        post: operations["postAdminUsersByIdEnable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Wallet transactions of everyone (react-admin list) */
        get: operations["getAdminTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The raw event log with payload, postings, hash and causation; filter by stream_id, stream_prefix, type, actor, correlation_id, recorded_from/recorded_to, position_from/position_to, user_id, party (any person the event names), account (a posting on it), q (name, email or id of a person it names) */
        get: operations["getAdminEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One event by global position */
        get: operations["getAdminEventsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/adjustments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Credit adjustments (react-admin list) */
        get: operations["getAdminAdjustments"];
        put?: never;
        /** Adjust a person’s credits with a mandatory reason (a CreditsAdjusted ledger event) */
        post: operations["postAdminAdjustments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/adjustments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One adjustment */
        get: operations["getAdminAdjustmentsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/finance/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Figures for the finance dashboard: credits outstanding per account kind, platform account balances, fee revenue, purchases */
        get: operations["getAdminFinanceSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/finance/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Runs the checks of `npm run audit` (balances, never negative, applied once, read models, hash chain) and reconciles Stripe payments with CreditsPurchased events */
        get: operations["getAdminFinanceAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/purchases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Credit purchases (react-admin list) */
        get: operations["getAdminPurchases"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/purchases/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of purchases */
        get: operations["getAdminPurchasesById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/purchases/{id}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Refund a purchase, whole (no amount_usd) or in part, through Stripe. The buyer's credits are taken back as for a refund webhook: what is still unspent is recovered, the rest is recorded as shortfall */
        post: operations["postAdminPurchasesByIdRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/cashouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Cash-outs with status, Stripe transfer id, gross, fee and net (react-admin list) */
        get: operations["getAdminCashouts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/cashouts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of cashouts */
        get: operations["getAdminCashoutsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/cashouts/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Retry a failed cash-out: the same gross, again from the earning balance, to the payout account the evaluator has now. Once per cash-out: asking again answers with the same retry */
        post: operations["postAdminCashoutsByIdRetry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Invoices, one per credit purchase (react-admin list) */
        get: operations["getAdminInvoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/invoices/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Any person's invoice as a PDF (the same document the buyer downloads) */
        get: operations["getAdminInvoicesByIdDownload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/invoices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of invoices */
        get: operations["getAdminInvoicesById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{id}/balances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A person’s spending and earning balances (available, pending, incoming, posted) */
        get: operations["getAdminUsersByIdBalances"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{id}/ledger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One account of a person, posting by posting in log order with the balances after each (keyset pages: pass next_after as after) */
        get: operations["getAdminUsersByIdLedger"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/events/{id}/links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What one event (by global position) names: people with name and email, accounts, evaluation, Stripe objects */
        get: operations["getAdminEventsByIdLinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{id}/statement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A person’s earnings statement, tax summary, spending report or invoices for a period */
        get: operations["getAdminUsersByIdStatement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/evaluations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Evaluations with owner email, status, items, votes and credits spent (react-admin list; filters status, creator, creator_id, owner_email, is_public, q, created_from, created_to) */
        get: operations["getAdminEvaluations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/evaluations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One evaluation (react-admin getOne) */
        get: operations["getAdminEvaluationsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** My invoices, one per credit purchase, newest first */
        get: operations["getBillingInvoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/invoices/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of my invoices as a PDF */
        get: operations["getBillingInvoicesByIdDownload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/summary/spending": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Total spent, this month, evaluations created and average cost per vote (USD) */
        get: operations["getBillingSummarySpending"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/summary/earning": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Total earnings, pending, evaluations, rating and monthly earnings history (USD) */
        get: operations["getBillingSummaryEarning"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/spending/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Spending analytics for a period (7d, 30d, 90d, 1y, all) or start_date..end_date; amounts in USD */
        get: operations["getAnalyticsSpending"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/earnings/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Earnings analytics (expert role required); amounts in USD */
        get: operations["getAnalyticsEarnings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/spending/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Spending summary */
        get: operations["getAnalyticsSpendingSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/earnings/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Earnings summary (expert role required) */
        get: operations["getAnalyticsEarningsSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/spending/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Export spending as csv or pdf; returns a signed download link that expires */
        post: operations["postAnalyticsSpendingExport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/earnings/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Export earnings as csv or pdf; returns a signed download link that expires */
        post: operations["postAnalyticsEarningsExport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/exports/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download an export by its signed link (no bearer token: opened in a new tab) */
        get: operations["getAnalyticsExportsDownload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an evaluation (status draft for Save Draft). An active one needs budget_amount spendable credits, else 402; the first-project bonus is granted first. */
        post: operations["postJobs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evaluations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Newest first, paged by limit (at most 100) and the x-next-before header's cursor passed back as before (stable while evaluations are added; skip still works). public_only=true (default) lists public evaluations that are not drafts, readable signed out; public_only=false lists the signed-in person's own. q finds words in the title or description. */
        get: operations["getEvaluations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evaluations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One evaluation: public ones for anyone, private ones for their owner; else 404 'Evaluation not found' */
        get: operations["getEvaluationsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Owner edits (title, description, model_type, is_public, parameters) */
        patch: operations["patchEvaluationsById"];
        trace?: never;
    };
    "/api/v1/evaluations/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Owner status change: draft -> active | archived; active -> completed | archived; completed -> active | archived; archived is final. Activating needs budget_amount spendable credits (402). */
        post: operations["postEvaluationsByIdStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evaluations/{id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The history of the evaluation and its configuration, from its events (oldest first) */
        get: operations["getEvaluationsByIdVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects/{id}/evaluation-config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Owner only. 404 when not configured; 400 when the evaluation has no items and neither Langfuse nor an SDK key is connected yet */
        get: operations["getProjectsByIdEvaluationConfig"];
        put?: never;
        /** Owner only: saves the human-evaluation configuration (spec 000 section 3) */
        post: operations["postProjectsByIdEvaluationConfig"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects/{id}/validate-app-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Owner only: is the app URL reachable? (short timeout, SSRF guard) */
        post: operations["postProjectsByIdValidateAppUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evaluations/{id}/langfuse/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Owner only: checks the keys against {host}/api/public/projects and /api/public/v2/observations and lists the projects */
        post: operations["postEvaluationsByIdLangfuseTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evaluations/{id}/langfuse/connect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Owner only: saves the connection (updates it when one exists); the secret key is stored encrypted */
        post: operations["postEvaluationsByIdLangfuseConnect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evaluations/{id}/langfuse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Owner only: the connection without its secret key; 404 when there is none */
        get: operations["getEvaluationsByIdLangfuse"];
        /** Owner only: changes the connection; omitted fields (the secret key too) stay */
        put: operations["putEvaluationsByIdLangfuse"];
        post?: never;
        /** Owner only: removes the connection; 404 when there is none */
        delete: operations["deleteEvaluationsByIdLangfuse"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evaluations/{id}/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Owner only: the project API keys (prefix only, never the key) */
        get: operations["getEvaluationsByIdApiKeys"];
        put?: never;
        /** Owner only: a new project API key; the key is shown in this reply only (kept hashed) */
        post: operations["postEvaluationsByIdApiKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evaluations/{id}/api-keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Owner only: revokes a key at once */
        delete: operations["deleteEvaluationsByIdApiKeysByKeyId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sdk/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Items to evaluate, authenticated by the project id (proj_...) and a project API key (Authorization: Bearer emk_... or X-API-Key); up to 1,000 per batch; idempotent on each item's id */
        post: operations["postSdkItems"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evaluations/{id}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Owner only: the items in the order evaluators get them, with vote counts, the verdict once complete and the comments (never who voted); keyset paged by cursor */
        get: operations["getEvaluationsByIdItems"];
        put?: never;
        /** Owner only: adds items (one per CSV row or JSONL line, at most 500 a request); each needs an input or an output; idempotent on the id, or on the content when there is none. 409 when archived. */
        post: operations["postEvaluationsByIdItems"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evaluations/{id}/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The owner's invitations to this evaluation (who may evaluate it while it is private) */
        get: operations["getEvaluationsByIdInvitations"];
        put?: never;
        /** Invite an evaluator by email (owner only; emails them). Inviting an address again returns its invitation. */
        post: operations["postEvaluationsByIdInvitations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evaluations/{id}/invitations/{invitationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an invitation (owner only): the address no longer opens this private evaluation */
        delete: operations["deleteEvaluationsByIdInvitationsByInvitationId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evaluator/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active evaluations the signed-in person may evaluate now, with their reward and open items */
        get: operations["getEvaluatorProjects"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evaluator/assignments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Claim the next item (of evaluation_id, or of any open evaluation): a lease with the reward reserved. 404 no_item_available; 409 budget_exhausted or requester_credits_exhausted. */
        post: operations["postEvaluatorAssignments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evaluator/assignments/{id}/vote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Vote good or bad (optional comment) on a claimed item; posts the reserved reward. With next: true, also claims the next item of the evaluation (reply.next, or null and next_problem). */
        post: operations["postEvaluatorAssignmentsByIdVote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evaluator/assignments/{id}/release": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Skip a claimed item: the reservation is voided and the item goes back to others */
        post: operations["postEvaluatorAssignmentsByIdRelease"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evaluations/{id}/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Owner only: quality metrics (DESIGN.md section 6), with Krippendorff alpha (nominal) */
        get: operations["getEvaluationsByIdMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evaluations/{id}/freshness": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Owner only: share of votes cast in the last time_window_days days */
        get: operations["getEvaluationsByIdFreshness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evaluations/{id}/budget": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Owner only: spend against the budget of the current period (spec 001 "Evaluation budget"), amounts in credits, with the alert level */
        get: operations["getEvaluationsByIdBudget"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evaluations/{id}/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Owner only: the alert thresholds and the alerts raised */
        get: operations["getEvaluationsByIdAlerts"];
        put?: never;
        /** Owner only: budget alert thresholds (percent of the period budget). The worker records a BudgetAlertRaised event once per threshold and period; the mailer delivers it to the owner. */
        post: operations["postEvaluationsByIdAlerts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/evaluations/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Owner only: every vote with its item, a stable evaluator pseudonym, tier, reward and times */
        get: operations["getEvaluationsByIdExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dev/mailbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Emails sent to an address, newest first (development only; empty when SMTP_URL is set) */
        get: operations["getDevMailbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dev/grant-credits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Grant credits to the signed-in person (development only) */
        post: operations["postDevGrantCredits"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AccountFigures: {
            available: number;
            pending: number;
            incoming: number;
            posted: number;
        };
        AccountLedger: {
            account_id: string;
            opening: components["schemas"]["AccountFigures"];
            entries: components["schemas"]["LedgerEntry"][];
            next_after: string | null;
        };
        /** @enum {string} */
        AnalyticsPeriodInput: "7d" | "30d" | "90d" | "1y" | "all";
        ApiKey: {
            key_id: string;
            name: string;
            key_prefix: string;
            created_at: string;
            revoked_at: string | null;
        };
        ApplicationData: {
            imported_name: string | null;
            imported_email: string | null;
            method: string;
            linkedin_oauth: {
                linkedin_id: string;
                profile_url: string | null;
            } | null;
            linkedin_url: string | null;
            indeed_url: string | null;
            cv_url: string | null;
        };
        /** @enum {string} */
        ApplicationStatusFilterInput: "pending" | "verified" | "rejected" | "all";
        ApplicationsReply: {
            applications: components["schemas"]["EvaluatorApplicationItem"][];
            total: number;
        };
        ApplyReply: {
            message: string;
            evaluator_status: components["schemas"]["EvaluatorStatus"];
            application_method: string;
            applied_at: string;
        };
        ApplyRequestInput: {
            /** @enum {string} */
            application_method: "linkedin_oauth" | "cv_upload" | "indeed";
            linkedin_oauth_data?: components["schemas"]["LinkedinOauthDataInput"] | null;
            cv_file_url?: string | null;
            indeed_url?: string | null;
        };
        ApproveRequestInput: {
            /** @default community */
            qualification_tier: components["schemas"]["QualificationTierInput"];
        };
        Assignment: {
            assignment_id: string;
            evaluation_id: string;
            item_id: string;
            external_id: string;
            input: unknown | null;
            output: unknown | null;
            metadata: unknown | null;
            reward_credits: number;
            tier: string;
            expires_at: string;
            instructions: unknown | null;
        };
        AutoRechargeConfigureRequestInput: {
            threshold_credits?: number;
            purchase_amount_credits?: number;
            enabled?: boolean;
        };
        AutoRechargeSettings: {
            enabled: boolean;
            threshold_credits: number;
            purchase_amount_credits: number;
            threshold_usd: number;
            purchase_amount_usd: number;
            has_payment_method: boolean;
            paused_reason: string | null;
            last_recharge: {
                recharge_id: string;
                /** @enum {string} */
                status: "requested" | "charged" | "failed";
                amount_usd: number;
                failure_code: string | null;
                failure_message: string | null;
                requested_at: string;
            } | null;
        };
        AutoRechargeToggleRequestInput: {
            enabled: boolean;
        };
        /** @enum {string} */
        AvailableRole: "requester" | "expert";
        Budget: {
            evaluation_id: string;
            total_budget_allocated: number | null;
            total_spent: number;
            reserved: number;
            budget_remaining: number | null;
            budget_utilization_rate: number;
            alert_threshold_percentage: number;
            alert_threshold_reached: boolean;
            /** @enum {string} */
            alert_level: "none" | "on_track" | "warning" | "alert" | "exhausted";
            alert_title: string | null;
            alert_message: string | null;
            /** @enum {string} */
            bar_color: "green" | "yellow" | "red";
            average_cost_per_evaluation: number;
            community_evaluations_count: number;
            expert_evaluations_count: number;
            budget_period: ("monthly" | "total") | null;
        };
        BudgetAlerts: {
            evaluation_id: string;
            thresholds: number[];
            enabled: boolean;
            raised: {
                threshold: number;
                period_start: string;
                utilization_rate: number;
                raised_at: string;
            }[];
        };
        BudgetAlertsRequestInput: {
            /**
             * @default [
             *       50,
             *       80,
             *       100
             *     ]
             */
            thresholds: number[];
            /** @default true */
            enabled: boolean;
        };
        CashoutReply: {
            cashout_id: string;
            /** @enum {string} */
            status: "pending" | "paid" | "failed" | "reversed";
            gross_credits: number;
            fee_credits: number;
            net_credits: number;
            gross_usd: number;
            fee_usd: number;
            net_usd: number;
            stripe_transfer_id: string | null;
            failure_reason: string | null;
            status_message: string | null;
            estimated_arrival: string;
        };
        CashoutRequestInput: {
            amount_credits?: number;
        } | null;
        ChangeEmailReply: {
            new_email: string;
            message: string;
        };
        ChangeEmailRequestInput: {
            new_email: string;
        };
        ChangeEvaluationStatusRequestInput: {
            status: components["schemas"]["EvaluationStatusInput"];
        };
        ClaimRequestInput: {
            /** Format: uuid */
            evaluation_id?: string;
        };
        ClientSecretReply: {
            client_secret: string;
            setup_intent_id: string;
        };
        ConnectCreateReply: {
            /** @enum {string} */
            status: "created" | "existing";
            account_id: string;
        };
        ConnectDisconnectReply: {
            disconnected: boolean;
        };
        ConnectStatus: {
            has_account: boolean;
            details_submitted: boolean;
            payouts_enabled: boolean;
        };
        CreateAdjustmentInput: {
            user_id: components["schemas"]["EntityIdInput"];
            /** @default spending */
            context: components["schemas"]["UserAccountKindInput"];
            amount_credits: number;
            reason: string;
        };
        CreateApiKeyRequestInput: {
            /** @default default */
            name: string;
        };
        CreateEvaluationRequestInput: {
            title: string;
            description?: string | null;
            data_selection_id?: string;
            /** @default gpt-3.5-turbo */
            model_type: string;
            /** @default 100 */
            budget_amount: number;
            /** @default 10 */
            reward_per_vote: number;
            /**
             * @default {
             *       "is_public": false
             *     }
             */
            visibility_settings: {
                /** @default false */
                is_public: boolean;
            };
            /**
             * @default active
             * @enum {string}
             */
            status: "draft" | "active";
            input_configuration?: components["schemas"]["InputConfigurationInput"];
            model_configuration?: components["schemas"]["ModelConfigurationInput"];
            parameters?: {
                [key: string]: unknown;
            };
            input_data?: unknown;
            foldsCount?: number;
            machinePrompt?: string;
            subjectMatterPrompt?: string;
            requiresExpertise?: boolean;
        };
        CreatedApiKey: {
            key_id: string;
            name: string;
            key_prefix: string;
            created_at: string;
            revoked_at: string | null;
            api_key: string;
            project_id: string;
        };
        DashboardLinkReply: {
            dashboard_url: string;
        };
        DevGrantCreditsReply: {
            adjustment_id: string;
            account_id: string;
            amount_credits: number;
            global_position: number;
            credits_balance: number;
        };
        DevGrantCreditsRequestInput: {
            amount_credits: number;
            /** @default spending */
            context: components["schemas"]["UserAccountKindInput"];
            /** @default Development grant */
            reason: string;
        };
        EarningsAnalytics: {
            total_earned: number;
            total_earned_credits: number;
            total_transactions: number;
            average_earning: number;
            period: string;
            start_date: string;
            end_date: string;
            earnings_trends: components["schemas"]["TrendPoint"][];
            evaluation_breakdown: {
                project_id: string;
                project_name: string;
                amount: number;
                transaction_count: number;
                percentage: number;
            }[];
            performance_metrics: components["schemas"]["PerformanceMetric"][];
            votes_submitted: number;
            votes_approved: number;
            votes_rejected: number;
            approval_rate: number;
            quality_score: number | null;
            reputation_score: number | null;
            ranking: number | null;
            total_experts: number;
        };
        EarningsSummary: {
            total_earned: number;
            pending_earnings: number;
            approval_rate: number;
        };
        EntityIdInput: string;
        ErrorReply: {
            detail: string | {
                [key: string]: unknown;
            } | unknown[];
            code?: string;
        };
        Evaluation: {
            id: string;
            title: string;
            description: string | null;
            status: string;
            is_public: boolean;
            model_type: string;
            parameters: {
                [key: string]: unknown;
            };
            input_data: unknown | null;
            creator_id: string;
            budget_amount: number;
            reward_per_vote: number;
            sdk_project_id: string;
            version: number;
            created_at: string;
            updated_at: string;
        };
        EvaluationConfig: {
            /** @default true */
            evaluation_enabled: boolean;
            /** @default disabled */
            permission_level: components["schemas"]["PermissionLevel"];
            /**
             * @default {
             *       "community_rate": 100,
             *       "expert_rate": 100,
             *       "custom_rates": []
             *     }
             */
            credit_rates: {
                /** @default 100 */
                community_rate: number;
                /** @default 100 */
                expert_rate: number;
                /** @default [] */
                custom_rates: {
                    name: string;
                    rate: number;
                }[];
            };
            /**
             * @default {
             *       "general_guidelines": "",
             *       "evaluation_criteria": "",
             *       "app_context": "",
             *       "good_example": "",
             *       "poor_example": ""
             *     }
             */
            evaluation_instructions: {
                /** @default  */
                general_guidelines: string;
                /** @default  */
                evaluation_criteria: string;
                /** @default  */
                app_context: string;
                /** @default  */
                good_example: string;
                /** @default  */
                poor_example: string;
            };
            /**
             * @default {
             *       "primary_url": "",
             *       "access_level": "public"
             *     }
             */
            app_detection: {
                /** @default  */
                primary_url: string;
                app_identifier?: string | null;
                /**
                 * @default public
                 * @enum {string}
                 */
                access_level: "public" | "private";
            };
            /**
             * @default {
             *       "budget_enabled": false,
             *       "budget_period": "monthly"
             *     }
             */
            budget_control: {
                /** @default false */
                budget_enabled: boolean;
                max_budget_amount?: number | null;
                max_evaluations?: number | null;
                /**
                 * @default monthly
                 * @enum {string}
                 */
                budget_period: "monthly" | "total";
            };
            /** @default 3 */
            votes_per_item: number;
            current_credit_balance?: number;
        };
        EvaluationConfigInput: {
            /** @default true */
            evaluation_enabled: boolean;
            /** @default disabled */
            permission_level: components["schemas"]["PermissionLevelInput"];
            /**
             * @default {
             *       "community_rate": 100,
             *       "expert_rate": 100,
             *       "custom_rates": []
             *     }
             */
            credit_rates: {
                /** @default 100 */
                community_rate: number;
                /** @default 100 */
                expert_rate: number;
                /** @default [] */
                custom_rates: {
                    name: string;
                    rate: number;
                }[];
            };
            /**
             * @default {
             *       "general_guidelines": "",
             *       "evaluation_criteria": "",
             *       "app_context": "",
             *       "good_example": "",
             *       "poor_example": ""
             *     }
             */
            evaluation_instructions: {
                /** @default  */
                general_guidelines: string;
                /** @default  */
                evaluation_criteria: string;
                /** @default  */
                app_context: string;
                /** @default  */
                good_example: string;
                /** @default  */
                poor_example: string;
            };
            /**
             * @default {
             *       "primary_url": "",
             *       "access_level": "public"
             *     }
             */
            app_detection: {
                /** @default  */
                primary_url: string;
                app_identifier?: string | null;
                /**
                 * @default public
                 * @enum {string}
                 */
                access_level: "public" | "private";
            };
            /**
             * @default {
             *       "budget_enabled": false,
             *       "budget_period": "monthly"
             *     }
             */
            budget_control: {
                /** @default false */
                budget_enabled: boolean;
                max_budget_amount?: number | null;
                max_evaluations?: number | null;
                /**
                 * @default monthly
                 * @enum {string}
                 */
                budget_period: "monthly" | "total";
            };
            /** @default 3 */
            votes_per_item: number;
            current_credit_balance?: number;
        };
        EvaluationItem: {
            item_id: string;
            external_id: string;
            source: string;
            input: unknown;
            output: unknown;
            metadata: unknown;
            ingested_at: string;
            vote_count: number;
            good_count: number;
            bad_count: number;
            verdict: ("good" | "bad" | "tie") | null;
            comments: {
                /** @enum {string} */
                vote: "good" | "bad";
                comment: string;
                voted_at: string;
            }[];
        };
        EvaluationItemPage: {
            items: components["schemas"]["EvaluationItem"][];
            items_total: number;
            votes_per_item: number;
            next_cursor: string | null;
        };
        EvaluationListItem: {
            id: string;
            title: string;
            description: string | null;
            status: string;
            is_public: boolean;
            model_type: string;
            parameters: {
                [key: string]: unknown;
            };
            input_data: unknown | null;
            creator_id: string;
            budget_amount: number;
            reward_per_vote: number;
            sdk_project_id: string;
            version: number;
            created_at: string;
            updated_at: string;
            progress?: {
                items_total: number;
                items_complete: number;
                votes_cast: number;
            };
        };
        /** @enum {string} */
        EvaluationStatusInput: "draft" | "active" | "completed" | "archived";
        EvaluationVersion: {
            version: number;
            event_type: string;
            changes: {
                [key: string]: unknown;
            };
            actor: string | null;
            recorded_at: string;
        };
        EvaluatorApplicationItem: {
            id: string;
            user_id: string;
            email: string | null;
            full_name: string | null;
            evaluator_status: components["schemas"]["EvaluatorStatus"];
            qualification_tier: components["schemas"]["QualificationTier"] | null;
            application_method: string;
            applied_at: string;
            reviewed_at: string | null;
            reviewed_by: string | null;
            rejection_reason: string | null;
            reputation_score: number | null;
            expert_tier_interest_expressed: boolean;
            application_data: components["schemas"]["ApplicationData"] | null;
        };
        EvaluatorProject: {
            evaluation_id: string;
            title: string;
            description: string | null;
            model_type: string;
            permission_level: components["schemas"]["PermissionLevel"];
            reward_credits: number;
            open_items: number;
            instructions: unknown;
        };
        /** @enum {string} */
        EvaluatorStatus: "not_applied" | "pending" | "verified" | "rejected";
        EvaluatorStatusReply: {
            evaluator_status: components["schemas"]["EvaluatorStatus"];
            qualification_tier: components["schemas"]["QualificationTier"] | null;
            rejection_reason: string | null;
            earning_balance: number;
            minimum_cashout_credits: number;
            can_cashout: boolean;
            expert_tier_interest_expressed: boolean;
            stripe_connect_status: components["schemas"]["ConnectStatus"];
        };
        EventLinks: {
            people: components["schemas"]["PersonRef"][];
            accounts: {
                account: string;
                owner: components["schemas"]["PersonName"] | null;
            }[];
            evaluation: {
                id: string;
                title: string | null;
            } | null;
            stripe_objects: {
                kind: string;
                id: string;
            }[];
        };
        ExportReply: {
            file_name: string;
            download_url: string;
            expires_at: string;
        };
        FinanceAudit: {
            ok: boolean;
            head_position: number;
            checkpoint_position: number;
            events_checked: number;
            money_events: number;
            postings: number;
            accounts: number;
            checks: {
                name: string;
                title: string;
                ok: boolean;
                summary: string;
                failure_count: number;
                failures: string[];
            }[];
            projections: components["schemas"]["ProjectionStatus"][];
            duration_ms: number;
            stripe_reconciliation: components["schemas"]["StripeReconciliation"];
        };
        FinanceSummary: {
            credits_outstanding: {
                spending: {
                    posted_credits: number;
                    pending_credits: number;
                };
                earning: {
                    posted_credits: number;
                    pending_credits: number;
                };
            };
            platform_accounts: {
                [key: string]: {
                    posted_credits: number;
                    pending_credits: number;
                };
            };
            fee_revenue_credits: number;
            purchases: {
                count: number;
                amount_usd: number;
                credits: number;
            };
        };
        Freshness: {
            evaluation_id: string;
            time_window_days: number;
            freshness: number;
            votes_in_window: number;
            total_votes: number;
            last_evaluation_time: string | null;
        };
        HealthReply: {
            /** @enum {string} */
            status: "ok" | "unavailable";
            checks?: {
                [key: string]: string;
            };
            projections?: components["schemas"]["ProjectionStatus"][];
        };
        InputConfigurationInput: {
            /**
             * @default manual
             * @enum {string}
             */
            type: "manual" | "api" | "system";
            items?: string[];
            apiEndpoint?: string;
            /** @enum {string} */
            systemSource?: "random_bios" | "daily_news";
        };
        InsufficientCreditsReply: {
            detail: {
                message: string;
                credits_required?: number;
                credits_current?: number;
                credits_shortfall?: number;
            } & {
                [key: string]: unknown;
            };
            code?: string;
        };
        Invitation: {
            invitation_id: string;
            evaluation_id: string;
            email: string;
            registered: boolean;
            invited_at: string;
        };
        InvitationRequestInput: {
            email: string;
        };
        LangfuseConnectRequestInput: {
            langfuse_public_key: string;
            langfuse_secret_key: string;
            /** @default https://cloud.langfuse.com */
            langfuse_host: string;
            langfuse_project_id: string;
            /** @default  */
            langfuse_project_name: string;
        };
        LangfuseConnection: {
            evaluation_id: string;
            langfuse_public_key: string;
            langfuse_host: string;
            langfuse_project_id: string;
            langfuse_project_name: string;
            connection_status: string;
            last_error: string | null;
            created_at: string;
            updated_at: string;
        };
        LangfuseTestRequestInput: {
            langfuse_public_key: string;
            langfuse_secret_key: string;
            /** @default https://cloud.langfuse.com */
            langfuse_host: string;
        };
        LangfuseUpdateRequestInput: {
            langfuse_public_key?: string;
            langfuse_secret_key?: string;
            langfuse_host?: string;
            langfuse_project_id?: string;
            langfuse_project_name?: string;
        };
        LedgerEntry: {
            cursor: string;
            global_position: number;
            posting_index: number;
            event_type: string;
            stream_id: string;
            hash: string;
            recorded_at: string | null;
            transfer_id: string;
            code: components["schemas"]["PostingCode"];
            phase: components["schemas"]["PostingPhase"];
            /** @enum {string} */
            side: "debit" | "credit";
            counter_account: string;
            counter_owner: components["schemas"]["PersonName"] | null;
            amount: number;
            after: components["schemas"]["AccountFigures"];
        };
        LinkedinOauthDataInput: {
            linkedin_id: string;
            /** @default  */
            name: string;
            /** @default  */
            email: string;
        };
        MagicLinkRequestInput: {
            email: string;
        };
        MessageReply: {
            message: string;
        };
        ModelConfigurationInput: {
            /**
             * @default gpt-3.5-turbo
             * @enum {string}
             */
            type: "gpt-3.5-turbo" | "gpt-4" | "custom";
            endpoint?: string;
            api_key?: string;
        };
        OnboardingLinkReply: {
            onboarding_url: string;
        };
        OwnVote: {
            vote_id: string;
            evaluation_id: string;
            evaluation_title: string;
            item_external_id: string;
            item_input_preview: string | null;
            /** @enum {string} */
            vote: "good" | "bad";
            comment: string | null;
            reward_credits: number;
            voted_at: string;
            outcome: components["schemas"]["VoteOutcome"];
        };
        OwnVotesReply: {
            votes: components["schemas"]["OwnVote"][];
            next_before: string | null;
        };
        PaymentMethodList: components["schemas"]["PaymentMethodListItem"][];
        PaymentMethodListItem: {
            id: string;
            /** @enum {string} */
            type: "card" | "bank";
            last_four: string;
            brand: string;
            is_default: boolean;
            status: string;
        };
        PaymentSetupStatus: {
            spending: {
                has_customer: boolean;
                has_payment_method: boolean;
                card_brand: string | null;
                card_last4: string | null;
                ready: boolean;
            };
            earning: {
                has_account: boolean;
                details_submitted: boolean;
                payouts_enabled: boolean;
                ready: boolean;
            };
        };
        PaymentsConfigReply: {
            /** @constant */
            mode: "stripe";
            publishable_key: string;
        } | {
            /** @constant */
            mode: "local";
            api_base: string;
            publishable_key: string;
        };
        PayoutHistoryItem: {
            cashout_id: string;
            /** @enum {string} */
            status: "pending" | "paid" | "failed" | "reversed";
            gross_credits: number;
            fee_credits: number;
            net_credits: number;
            stripe_transfer_id: string | null;
            failure_reason: string | null;
            requested_at: string;
            settled_at: string | null;
            retry_of: string | null;
        };
        PerformanceMetric: {
            label: string;
            /** @enum {string} */
            unit: "usd" | "count" | "percent";
            value: number;
            previous_value: number;
            /** @enum {string} */
            trend: "up" | "down" | "stable";
            change_percentage: number | null;
        };
        /** @enum {string} */
        PermissionLevel: "disabled" | "paid_only" | "volunteer_only" | "both";
        /** @enum {string} */
        PermissionLevelInput: "disabled" | "paid_only" | "volunteer_only" | "both";
        PersonBalances: {
            user_id: string;
            spending: {
                available: number;
                pending: number;
                incoming: number;
                posted: number;
                account_id: string;
            };
            earning: {
                available: number;
                pending: number;
                incoming: number;
                posted: number;
                account_id: string;
            };
        };
        PersonName: {
            id: string;
            email: string | null;
            name: string | null;
        };
        PersonRef: {
            id: string;
            email: string | null;
            name: string | null;
            role: string;
        };
        /** @enum {string} */
        PostingCode: "purchase" | "refund" | "bonus" | "reward" | "cashout" | "cashout_fee" | "adjustment";
        /** @enum {string} */
        PostingPhase: "posted" | "pending" | "post_pending" | "void_pending";
        Profile: {
            id: string;
            email: string;
            first_name: string;
            last_name: string;
            full_name: string;
            available_roles: components["schemas"]["AvailableRole"][];
            active_context: components["schemas"]["UserAccountKind"];
            preferences: components["schemas"]["ProfilePreferences"];
            new_email: string | null;
            is_admin: boolean;
            created_at: string;
        };
        ProfilePreferences: {
            spending_context: {
                auto_refill: boolean;
            };
            earning_context: {
                /** @enum {string} */
                payout_frequency: "manual" | "weekly" | "monthly";
            };
        };
        ProfileUpdateInput: {
            first_name: string;
            last_name: string;
            preferences?: {
                spending_context?: {
                    auto_refill: boolean;
                };
                earning_context?: {
                    /** @enum {string} */
                    payout_frequency: "manual" | "weekly" | "monthly";
                };
            };
        };
        ProjectionStatus: {
            projection: string;
            position: number;
            lag: number;
            stuck: components["schemas"]["ProjectionStuck"] | null;
        };
        ProjectionStuck: {
            projection: string;
            position: number;
            failed_position: number;
            event_type: string | null;
            error: string;
            attempts: number;
            since: string;
        };
        PurchaseCreditsReply: {
            client_secret: string;
            payment_intent_id: string;
            amount_usd: number;
            credits: number;
        };
        PurchaseCreditsRequestInput: {
            amount_usd: number;
        };
        /** @enum {string} */
        QualificationTier: "community" | "expert";
        /** @enum {string} */
        QualificationTierInput: "community" | "expert";
        QualityMetrics: {
            evaluation_id: string;
            time_weighted_score: number | null;
            decay_lambda: number;
            freshness: number;
            vote_completeness: number;
            population_confidence: number;
            last_evaluation_time: string | null;
            unique_evaluators: number;
            majority_good_votes: number;
            majority_percentage: number;
            total_traces_evaluated: number;
            average_votes_per_trace: number;
            total_evaluations: number;
            items_ingested: number;
            complete_items: number;
            krippendorff_alpha: number | null;
        };
        RefreshSessionRequestInput: {
            refresh_token: string;
        };
        RejectRequestInput: {
            rejection_reason: string;
        };
        ReviewReply: {
            message: string;
            application: components["schemas"]["EvaluatorApplicationItem"];
        };
        SavedPaymentMethodReply: {
            /** @constant */
            has_payment_method: true;
            payment_method_id: string;
            card_brand: string;
            card_last4: string;
            card_exp_month: number;
            card_exp_year: number;
        };
        SdkItemInput: {
            id: string;
            input?: unknown;
            output?: unknown;
            metadata?: {
                [key: string]: unknown;
            };
        };
        SdkItemsReply: {
            project_id: string;
            accepted: number;
            duplicates: number;
            item_ids: string[];
        };
        SdkItemsRequestInput: {
            project_id: string;
            items: components["schemas"]["SdkItemInput"][];
        };
        Session: {
            access_token: string;
            refresh_token: string;
            /** @constant */
            token_type: "bearer";
            expires_at: number;
            expires_in: number;
            user: components["schemas"]["Profile"];
        };
        SessionInfo: {
            session_id: string;
            expires_at: number;
            user: components["schemas"]["Profile"];
        };
        SetContextRequestInput: {
            context: components["schemas"]["UserAccountKindInput"];
        };
        SetupEarningReply: {
            /** @enum {string} */
            status: "created" | "existing";
            account_id: string;
            onboarding_url: string | null;
            connect: components["schemas"]["ConnectStatus"];
        };
        SetupSpendingReply: {
            client_secret: string;
            setup_intent_id: string;
        };
        SpendingAnalytics: {
            total_spent: number;
            total_spent_credits: number;
            total_transactions: number;
            average_transaction: number;
            period: string;
            start_date: string;
            end_date: string;
            spending_trends: components["schemas"]["TrendPoint"][];
            project_breakdown: {
                project_id: string;
                project_name: string;
                amount: number;
                transaction_count: number;
                percentage: number;
            }[];
            performance_metrics: components["schemas"]["PerformanceMetric"][];
            budget_limit: number | null;
            budget_remaining: number;
            budget_utilization_percentage: number;
            completion_rate: number;
            votes_purchased: number;
            evaluations_created: number;
        };
        SpendingSummary: {
            total_spent: number;
            budget_remaining: number;
            active_evaluations: number;
        };
        StaffAdjustment: {
            id: string;
            adjustment_id: string;
            user_id: string;
            context: string;
            amount_credits: number;
            reason: string;
            actor_id: string;
            global_position: number;
            recorded_at: string | null;
        };
        StaffCashout: {
            id: string;
            cashout_id: string;
            user_id: string;
            /** @enum {string} */
            status: "pending" | "paid" | "failed" | "reversed";
            gross_credits: number;
            fee_credits: number;
            net_credits: number;
            stripe_transfer_id: string | null;
            failure_reason: string | null;
            requested_at: string | null;
            settled_at: string | null;
            global_position: number;
            retry_of: string | null;
            retried_as: string | null;
        };
        StaffEvaluation: {
            id: string;
            title: string;
            description: string | null;
            status: string;
            creator_id: string;
            owner_email: string | null;
            model_type: string;
            is_public: boolean;
            budget_amount: number;
            reward_per_vote: number;
            items: number;
            votes: number;
            credits_spent: number;
            credits_reserved: number;
            created_at: string | null;
            updated_at: string | null;
        };
        StaffEvent: {
            id: number;
            global_position: number;
            event_id: string;
            stream_id: string;
            stream_version: number;
            type: string;
            schema_version: number;
            recorded_at: string | null;
            actor: string | null;
            causation_id: string | null;
            correlation_id: string | null;
            request_id: string | null;
            payload: unknown;
            postings: unknown[];
            metadata: unknown;
            hash: string;
            prev_hash: string;
        };
        StaffPurchase: {
            id: string;
            purchase_id: string;
            user_id: string;
            amount_usd: number;
            credits: number;
            refunded_credits: number;
            global_position: number;
            recorded_at: string | null;
        };
        StaffRefundReply: {
            refund_id: string;
            purchase_id: string;
            status: string;
            amount_usd: number;
            refunded_credits: number;
            recovered_credits: number | null;
            shortfall_credits: number | null;
        };
        StaffRefundRequestInput: {
            amount_usd?: number;
            /**
             * @default requested_by_customer
             * @enum {string}
             */
            reason: "requested_by_customer" | "duplicate" | "fraudulent";
        };
        StaffStatement: {
            user_id: string;
            /** @enum {string} */
            report: "statement" | "tax_summary" | "report" | "invoices";
            title: string;
            prepared_for: string;
            period: string;
            start: string;
            end: string;
            summary: {
                label: string;
                value: string;
            }[];
            rows: {
                date: string;
                description: string;
                status: string;
                amount_credits: number;
            }[];
            total_label: string;
            total_credits: number;
            pdf_url: string;
            csv_url: string;
            links_expire_at: string;
        };
        StaffTransaction: {
            id: string;
            user_id: string;
            context: string;
            type: string;
            amount: number;
            status: string;
            description: string;
            code: string;
            transfer_id: string;
            created_at: string | null;
            global_position: number;
        };
        StaffUser: {
            id: string;
            email: string;
            first_name: string;
            last_name: string;
            roles: string[];
            is_admin: boolean;
            disabled: boolean;
            active_context: string;
            evaluator_status: string;
            created_at: string | null;
        };
        StripeMismatch: {
            kind: components["schemas"]["StripeMismatchKind"];
            payment_intent_id: string;
            user_id: string | null;
            stripe_status: string;
            stripe_amount_cents: number | null;
            stripe_currency: string | null;
            stripe_created_at: string | null;
            credited_amount_usd: number | null;
            credited_credits: number | null;
            credited_at: string | null;
            global_position: number | null;
        };
        /** @enum {string} */
        StripeMismatchKind: "succeeded_not_credited" | "credited_not_succeeded" | "amount_differs";
        StripeReconciliation: {
            ok: boolean;
            mode: ("stripe" | "local") | null;
            range: {
                from: string | null;
                to: string | null;
            };
            checked: number;
            counts: {
                succeeded_at_stripe: number;
                credited: number;
                matched: number;
                succeeded_not_credited: number;
                credited_not_succeeded: number;
                amount_differs: number;
            };
            mismatches: components["schemas"]["StripeMismatch"][];
            error?: string;
        };
        /** @enum {string} */
        TransactionStatus: "completed" | "pending" | "failed" | "cancelled";
        TrendPoint: {
            date: string;
            amount: number;
            transaction_count: number;
        };
        UpdateEvaluationRequestInput: {
            title?: string;
            description?: string | null;
            model_type?: string;
            is_public?: boolean;
            parameters?: {
                [key: string]: unknown;
            };
        };
        UpdateStaffUserInput: {
            is_admin?: boolean;
            disabled?: boolean;
        } & {
            [key: string]: unknown;
        };
        UploadCvReply: {
            file_url: string;
            file_id: string;
            content_type: string;
            size_bytes: number;
        };
        UploadItemInput: {
            id?: string;
            input?: unknown;
            output?: unknown;
            metadata?: {
                [key: string]: unknown;
            };
        };
        UploadItemsReply: {
            accepted: number;
            duplicates: number;
            item_ids: string[];
            items_total: number;
        };
        UploadItemsRequestInput: {
            items: components["schemas"]["UploadItemInput"][];
        };
        /** @enum {string} */
        UserAccountKind: "spending" | "earning";
        /** @enum {string} */
        UserAccountKindInput: "spending" | "earning";
        ValidateAppUrlReply: {
            success: boolean;
            data: {
                accessible: boolean;
                status_code: number | null;
                error_message: string | null;
            };
        };
        ValidateAppUrlRequestInput: {
            url: string;
        };
        ValidationErrorReply: {
            detail: string | components["schemas"]["ValidationIssue"][];
            code?: string;
        };
        ValidationIssue: {
            loc: (string | number)[];
            msg: string;
            type: string;
        };
        VerifyBankReply: {
            has_account: boolean;
            details_submitted: boolean;
            payouts_enabled: boolean;
            verified: boolean;
        };
        VerifyEmailChangeReply: {
            old_email: string;
            new_email: string;
            message: string;
        };
        VerifyMagicLinkRequestInput: {
            token: string;
        };
        /** @enum {string} */
        VoteOutcome: "approved" | "rejected" | "awaiting";
        VoteReply: {
            vote_id: string;
            assignment_id: string;
            item_id: string;
            /** @enum {string} */
            vote: "good" | "bad";
            reward_credits: number;
            next?: components["schemas"]["Assignment"] | null;
            next_problem?: {
                status: number;
                code: string;
                detail: string;
            };
        };
        VoteRequestInput: {
            /** @enum {string} */
            vote: "good" | "bad";
            comment?: string;
            next?: boolean;
        };
        WalletBalanceReply: {
            credits_balance: number;
            usd_equivalent: number;
        };
        WalletContextReply: {
            context: components["schemas"]["UserAccountKind"];
            credits_balance: number;
            usd_equivalent: number;
            pending_balance: number;
            /** @constant */
            currency: "USD";
        };
        WalletReply: {
            spending_balance: number;
            earning_balance: number;
            pending_balance: number;
            total_balance: number;
            /** @constant */
            currency: "USD";
            usd_equivalent: number;
            bonus_claimed: boolean;
            bonus_credits: number;
        };
        WalletTransaction: {
            id: string;
            description: string;
            context: components["schemas"]["UserAccountKind"];
            /** @enum {string} */
            type: "credit" | "debit";
            amount: number;
            /** @constant */
            currency: "credits";
            status: components["schemas"]["TransactionStatus"];
            created_at: string;
            kind: components["schemas"]["WalletTransactionKind"];
            evaluation: {
                id: string;
                title: string;
            } | null;
            cashout: {
                gross_credits: number;
                fee_credits: number;
                net_credits: number;
            } | null;
        };
        /** @enum {string} */
        WalletTransactionKind: "purchase" | "auto_recharge" | "refund" | "bonus" | "reward" | "cashout" | "adjustment" | "other";
        WalletTransactionsReply: components["schemas"]["WalletTransaction"][];
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthReply"];
                };
            };
        };
    };
    getReadyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthReply"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthReply"];
                };
            };
        };
    };
    getWalletBalance: {
        parameters: {
            query?: {
                context?: components["schemas"]["UserAccountKindInput"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletBalanceReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getWalletTransactions: {
        parameters: {
            query?: {
                context?: components["schemas"]["UserAccountKindInput"];
                limit?: number;
                before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletTransactionsReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    postAuthMagicLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MagicLinkRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postAuthVerify: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VerifyMagicLinkRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postAuthRefresh: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefreshSessionRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postAuthLogout: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getAuthSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionInfo"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postAuthSetContext: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetContextRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Profile"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getAuthVerifyEmailChangeByToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerifyEmailChangeReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Profile"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    putProfile: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProfileUpdateInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Profile"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postProfileChangeEmail: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangeEmailRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChangeEmailReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getPaymentsConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentsConfigReply"];
                };
            };
        };
    };
    postPaymentsWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        received: true;
                        applied: string;
                    };
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postPaymentsConnectWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        received: true;
                        applied: string;
                    };
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getPaymentsSetupStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentSetupStatus"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postPaymentsSetupSpending: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never> | null;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SetupSpendingReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postPaymentsSetupEarning: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never> | null;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SetupEarningReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postPaymentsVerifyBank: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never> | null;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerifyBankReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getPaymentsConnectStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectStatus"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postPaymentsConnectCreateAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectCreateReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postPaymentsConnectOnboardingLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnboardingLinkReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postPaymentsConnectDashboardLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DashboardLinkReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postPaymentsConnectDisconnect: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectDisconnectReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getWallet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getWalletContextByContext: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                context: components["schemas"]["UserAccountKindInput"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletContextReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getWalletPaymentMethods: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentMethodList"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postWalletPurchaseCredits: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PurchaseCreditsRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PurchaseCreditsReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postWalletSetupPaymentMethod: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClientSecretReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getWalletSavedPaymentMethod: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SavedPaymentMethodReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    deleteWalletSavedPaymentMethod: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        removed: true;
                    };
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getWalletAutoRechargeStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AutoRechargeSettings"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postWalletAutoRechargeConfigure: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AutoRechargeConfigureRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AutoRechargeSettings"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    putWalletAutoRechargeToggle: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AutoRechargeToggleRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AutoRechargeSettings"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getEvaluatorCashouts: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutHistoryItem"][];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    postEvaluatorCashout: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CashoutRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CashoutReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Not enough credits; `detail` carries the numbers */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InsufficientCreditsReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postEvaluatorApply: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApplyRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApplyReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postEvaluatorUploadCv: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: Blob;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadCvReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getEvaluatorCvByFileId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CV as uploaded */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": Blob;
                    "application/msword": Blob;
                    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": Blob;
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getEvaluatorStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvaluatorStatusReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postEvaluatorExpressExpertInterest: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getEvaluatorVotes: {
        parameters: {
            query?: {
                limit?: number;
                before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnVotesReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getAuthLinkedinAuthorize: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect to LinkedIn */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAuthLinkedinCallback: {
        parameters: {
            query?: {
                state?: string;
                code?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect to the application form */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getAdminEvaluatorApplications: {
        parameters: {
            query?: {
                status?: components["schemas"]["ApplicationStatusFilterInput"];
                limit?: number;
                sort?: string;
                range?: string;
                filter?: string;
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApplicationsReply"] | components["schemas"]["EvaluatorApplicationItem"][];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getAdminEvaluatorApplicationsByUserId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: components["schemas"]["EntityIdInput"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvaluatorApplicationItem"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    postAdminEvaluatorApproveByUserId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path: {
                user_id: components["schemas"]["EntityIdInput"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApproveRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postAdminEvaluatorRejectByUserId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path: {
                user_id: components["schemas"]["EntityIdInput"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RejectRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getAdminUsers: {
        parameters: {
            query?: {
                sort?: string;
                range?: string;
                filter?: string;
                limit?: number;
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffUser"][];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getAdminUsersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["schemas"]["EntityIdInput"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffUser"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    putAdminUsersById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path: {
                id: components["schemas"]["EntityIdInput"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateStaffUserInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffUser"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postAdminUsersByIdGrantAdmin: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path: {
                id: components["schemas"]["EntityIdInput"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffUser"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postAdminUsersByIdRevokeAdmin: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path: {
                id: components["schemas"]["EntityIdInput"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffUser"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postAdminUsersByIdDisable: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path: {
                id: components["schemas"]["EntityIdInput"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffUser"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postAdminUsersByIdEnable: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path: {
                id: components["schemas"]["EntityIdInput"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffUser"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getAdminTransactions: {
        parameters: {
            query?: {
                sort?: string;
                range?: string;
                filter?: string;
                limit?: number;
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffTransaction"][];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getAdminEvents: {
        parameters: {
            query?: {
                sort?: string;
                range?: string;
                filter?: string;
                limit?: number;
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffEvent"][];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getAdminEventsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffEvent"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getAdminAdjustments: {
        parameters: {
            query?: {
                sort?: string;
                range?: string;
                filter?: string;
                limit?: number;
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffAdjustment"][];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    postAdminAdjustments: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAdjustmentInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffAdjustment"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getAdminAdjustmentsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["schemas"]["EntityIdInput"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffAdjustment"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getAdminFinanceSummary: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FinanceSummary"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getAdminFinanceAudit: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FinanceAudit"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getAdminPurchases: {
        parameters: {
            query?: {
                sort?: string;
                range?: string;
                filter?: string;
                limit?: number;
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffPurchase"][];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getAdminPurchasesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffPurchase"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    postAdminPurchasesByIdRefund: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StaffRefundRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffRefundReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getAdminCashouts: {
        parameters: {
            query?: {
                sort?: string;
                range?: string;
                filter?: string;
                limit?: number;
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffCashout"][];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getAdminCashoutsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffCashout"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    postAdminCashoutsByIdRetry: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CashoutReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Not enough credits; `detail` carries the numbers */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InsufficientCreditsReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getAdminInvoices: {
        parameters: {
            query?: {
                sort?: string;
                range?: string;
                filter?: string;
                limit?: number;
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        invoice_number: string;
                        user_id: string;
                        amount: number;
                        /** @enum {string} */
                        currency: "USD";
                        /** @enum {string} */
                        status: "paid" | "pending" | "other";
                        issue_date: string;
                        due_date: string;
                        paid_date: string | null;
                        description: string;
                        line_items: {
                            id: string;
                            description: string;
                            quantity: number;
                            unit_price: number;
                            total_amount: number;
                        }[];
                        payment_method_id: string | null;
                        download_url: string;
                        created_at: string;
                        credits: number;
                        seller: {
                            name: string;
                            address: string | null;
                            tax_id: string | null;
                        };
                        tax_rate_percent: number;
                        tax_amount: number;
                        subtotal: number;
                    }[];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getAdminInvoicesByIdDownload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": Blob;
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getAdminInvoicesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        invoice_number: string;
                        user_id: string;
                        amount: number;
                        /** @enum {string} */
                        currency: "USD";
                        /** @enum {string} */
                        status: "paid" | "pending" | "other";
                        issue_date: string;
                        due_date: string;
                        paid_date: string | null;
                        description: string;
                        line_items: {
                            id: string;
                            description: string;
                            quantity: number;
                            unit_price: number;
                            total_amount: number;
                        }[];
                        payment_method_id: string | null;
                        download_url: string;
                        created_at: string;
                        credits: number;
                        seller: {
                            name: string;
                            address: string | null;
                            tax_id: string | null;
                        };
                        tax_rate_percent: number;
                        tax_amount: number;
                        subtotal: number;
                    };
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getAdminUsersByIdBalances: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["schemas"]["EntityIdInput"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PersonBalances"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getAdminUsersByIdLedger: {
        parameters: {
            query?: {
                context?: "spending" | "earning";
                after?: string;
                limit?: number;
            };
            header?: never;
            path: {
                id: components["schemas"]["EntityIdInput"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountLedger"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getAdminEventsByIdLinks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventLinks"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getAdminUsersByIdStatement: {
        parameters: {
            query?: {
                report?: "statement" | "tax_summary" | "report" | "invoices";
                period?: components["schemas"]["AnalyticsPeriodInput"];
            };
            header?: never;
            path: {
                id: components["schemas"]["EntityIdInput"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffStatement"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getAdminEvaluations: {
        parameters: {
            query?: {
                sort?: string;
                range?: string;
                filter?: string;
                limit?: number;
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffEvaluation"][];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getAdminEvaluationsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffEvaluation"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getBillingInvoices: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        invoice_number: string;
                        user_id: string;
                        amount: number;
                        /** @enum {string} */
                        currency: "USD";
                        /** @enum {string} */
                        status: "paid" | "pending" | "other";
                        issue_date: string;
                        due_date: string;
                        paid_date: string | null;
                        description: string;
                        line_items: {
                            id: string;
                            description: string;
                            quantity: number;
                            unit_price: number;
                            total_amount: number;
                        }[];
                        payment_method_id: string | null;
                        download_url: string;
                        created_at: string;
                        credits: number;
                        seller: {
                            name: string;
                            address: string | null;
                            tax_id: string | null;
                        };
                        tax_rate_percent: number;
                        tax_amount: number;
                        subtotal: number;
                    }[];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getBillingInvoicesByIdDownload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": Blob;
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getBillingSummarySpending: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        total_spent: number;
                        this_month: number;
                        evaluations: number;
                        avg_cost: number;
                    };
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getBillingSummaryEarning: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        total_earnings: number;
                        pending: number;
                        evaluations: number;
                        rating: number | null;
                        earnings_history: {
                            month: string;
                            amount: number;
                        }[];
                    };
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getAnalyticsSpending: {
        parameters: {
            query?: {
                period?: components["schemas"]["AnalyticsPeriodInput"];
                start_date?: string;
                end_date?: string;
                project_id?: string;
                evaluation_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SpendingAnalytics"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getAnalyticsEarnings: {
        parameters: {
            query?: {
                period?: components["schemas"]["AnalyticsPeriodInput"];
                start_date?: string;
                end_date?: string;
                project_id?: string;
                evaluation_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EarningsAnalytics"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getAnalyticsSpendingSummary: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SpendingSummary"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getAnalyticsEarningsSummary: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EarningsSummary"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postAnalyticsSpendingExport: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    format: "pdf" | "csv";
                    /**
                     * @default {
                     *       "period": "30d"
                     *     }
                     */
                    time_filter?: {
                        period?: components["schemas"]["AnalyticsPeriodInput"];
                    };
                    project_filter?: {
                        project_id?: string;
                    } | null;
                    /** @enum {string} */
                    report?: "statement" | "tax_summary" | "report" | "invoices";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postAnalyticsEarningsExport: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    format: "pdf" | "csv";
                    /**
                     * @default {
                     *       "period": "30d"
                     *     }
                     */
                    time_filter?: {
                        period?: components["schemas"]["AnalyticsPeriodInput"];
                    };
                    project_filter?: {
                        project_id?: string;
                    } | null;
                    /** @enum {string} */
                    report?: "statement" | "tax_summary" | "report" | "invoices";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getAnalyticsExportsDownload: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The export */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": Blob;
                    "application/pdf": Blob;
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    postJobs: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateEvaluationRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Evaluation"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Not enough credits; `detail` carries the numbers */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InsufficientCreditsReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getEvaluations: {
        parameters: {
            query?: {
                public_only?: "0" | "1" | "true" | "false";
                skip?: number;
                limit?: number;
                before?: string;
                status?: components["schemas"]["EvaluationStatusInput"];
                evaluation_type?: string;
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvaluationListItem"][];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getEvaluationsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Evaluation"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    patchEvaluationsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateEvaluationRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Evaluation"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postEvaluationsByIdStatus: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangeEvaluationStatusRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Evaluation"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Not enough credits; `detail` carries the numbers */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InsufficientCreditsReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getEvaluationsByIdVersions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvaluationVersion"][];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getProjectsByIdEvaluationConfig: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: components["schemas"]["EvaluationConfig"];
                    };
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    postProjectsByIdEvaluationConfig: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EvaluationConfigInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: components["schemas"]["EvaluationConfig"];
                    };
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postProjectsByIdValidateAppUrl: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ValidateAppUrlRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidateAppUrlReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postEvaluationsByIdLangfuseTest: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LangfuseTestRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        projects: {
                            id: string;
                            name: string;
                        }[];
                    };
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postEvaluationsByIdLangfuseConnect: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LangfuseConnectRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LangfuseConnection"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getEvaluationsByIdLangfuse: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LangfuseConnection"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    putEvaluationsByIdLangfuse: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LangfuseUpdateRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LangfuseConnection"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    deleteEvaluationsByIdLangfuse: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                    };
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getEvaluationsByIdApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"][];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    postEvaluationsByIdApiKeys: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateApiKeyRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedApiKey"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    deleteEvaluationsByIdApiKeysByKeyId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postSdkItems: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SdkItemsRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SdkItemsReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getEvaluationsByIdItems: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvaluationItemPage"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    postEvaluationsByIdItems: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UploadItemsRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadItemsReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getEvaluationsByIdInvitations: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"][];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    postEvaluationsByIdInvitations: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvitationRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    deleteEvaluationsByIdInvitationsByInvitationId: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
                invitationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getEvaluatorProjects: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvaluatorProject"][];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postEvaluatorAssignments: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ClaimRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Assignment"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postEvaluatorAssignmentsByIdVote: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VoteRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VoteReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    postEvaluatorAssignmentsByIdRelease: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        assignment_id: string;
                        status: string;
                    };
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getEvaluationsByIdMetrics: {
        parameters: {
            query?: {
                decay_lambda?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QualityMetrics"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getEvaluationsByIdFreshness: {
        parameters: {
            query?: {
                time_window_days?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Freshness"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getEvaluationsByIdBudget: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Budget"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getEvaluationsByIdAlerts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BudgetAlerts"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    postEvaluationsByIdAlerts: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BudgetAlertsRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BudgetAlerts"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getEvaluationsByIdExport: {
        parameters: {
            query?: {
                format?: "csv" | "json";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every vote, as CSV or as JSON records */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": Blob;
                    "application/json": {
                        [key: string]: unknown;
                    }[];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such resource, or not visible to the caller */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    getDevMailbox: {
        parameters: {
            query: {
                to: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        to: string;
                        subject: string;
                        text: string;
                        html: string | null;
                        links: string[];
                        sent_at: string;
                    }[];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
        };
    };
    postDevGrantCredits: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a write safe to retry: a retry with the same key and the same request returns the first reply (with header idempotent-replayed: true). 1 to 200 printable characters, e.g. a UUID. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DevGrantCreditsRequestInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DevGrantCreditsReply"];
                };
            };
            /** @description Not signed in, or the credentials expired or were revoked */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Signed in but not allowed (role or owner rule) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Clashes with the current state, or an Idempotency-Key was reused or is in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The request broke a rule; `detail` lists `{loc, msg, type}` per field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationErrorReply"];
                };
            };
            /** @description Rate limit hit; `Retry-After` says when to try again */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "retry-after"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
}
