// Generated from the server's OpenAPI document by `npm run api:types`: do not edit.
// apps/server/src/platform/http/api-types.test.ts fails when this file is out of date.

export interface paths {
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Login (senha = SHA-256 hex) */
        post: operations["postAuthLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Verifica a sessão */
        get: operations["getAuthVerify"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Encerra a sessão do token (o token deixa de valer; repetir responde o mesmo) */
        post: operations["postAuthLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Envia nova senha por e-mail */
        put: operations["putAuthForgotPassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{code}/change-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Altera a própria senha (encerra as outras sessões; tentativas erradas contam no limite do login) */
        put: operations["putUsersByCodeChangePassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sys-admin/schemas/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Dados do tenant (campos públicos quando anônimo) */
        get: operations["getSysAdminSchemasBySlug"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sys-admin/schemas/{slug}/logo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** O logo da conta (público: aparece no login e no menu) */
        get: operations["getSysAdminSchemasBySlugLogo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sys-admin/plans/consumption": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Consumo do plano (usuários e contatos) */
        get: operations["getSysAdminPlansConsumption"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/names": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Usuários ativos (autocomplete) */
        get: operations["getUsersNames"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Acesso de um usuário */
        get: operations["getUsersByCode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{code}/change-permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Altera acesso e permissões */
        put: operations["putUsersByCodeChangePermissions"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{code}/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Redefine a senha e envia por e-mail */
        put: operations["putUsersByCodeResetPassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Meu perfil */
        get: operations["getUsersMe"];
        /** Atualiza meu perfil */
        put: operations["putUsersMe"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Busca por expressão */
        post: operations["postPeopleSearch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/names": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Autocomplete de pessoas */
        get: operations["getPeopleNames"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/list-names": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Nomes pelos códigos */
        get: operations["getPeopleListNames"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Pessoas de uma lista (segmentCode); validEmail/validSMS; itemsPerPage=0: só o total */
        get: operations["getPeople"];
        put?: never;
        /** Cadastra pessoa ou membro da equipe */
        post: operations["postPeople"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/delete-many": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove várias pessoas */
        delete: operations["deletePeopleDeleteMany"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Uma pessoa */
        get: operations["getPeopleById"];
        /** Atualiza pessoa */
        put: operations["putPeopleById"];
        post?: never;
        /** Remove pessoa */
        delete: operations["deletePeopleById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/{id}/update-vote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Altera o voto */
        put: operations["putPeopleByIdUpdateVote"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/{id}/mark-as-influence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Define a influência (0 remove) */
        put: operations["putPeopleByIdMarkAsInfluence"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/{id}/remove-influence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Remove a influência */
        put: operations["putPeopleByIdRemoveInfluence"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/{id}/set-as-team": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Transforma o contato em membro da equipe */
        post: operations["postPeopleByIdSetAsTeam"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/quick-search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Busca rápida por nome, e-mail ou telefone */
        get: operations["getPeopleQuickSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/import/template": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Modelo XLSX da importação (todas as colunas e uma linha de exemplo) */
        get: operations["getPeopleImportTemplate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Histórico de importações (30 por página) */
        get: operations["getPeopleImports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/imports/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Uma importação e seu progresso */
        get: operations["getPeopleImportsByIdStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/imports/{id}/logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Log de erros de uma importação (Cód. Contato / Erro) */
        get: operations["getPeopleImportsByIdLogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bulk-operations/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Histórico de importações na forma de operações em lote */
        get: operations["getBulkOperationsSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bulk-operations/get/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Uma operação em lote (importação) */
        get: operations["getBulkOperationsGetById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/search/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Exporta pessoas ou equipe da expressão (CSV exportacao.csv ou, com format XLSX, a planilha exportacao.xlsx; registrado no log) */
        post: operations["postPeopleSearchExport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/exports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Histórico de exportações de pessoas e equipe */
        get: operations["getPeopleExports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/revalidate-coordinates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revalidar pontos: recheca as coordenadas das pessoas da expressão */
        post: operations["postPeopleRevalidateCoordinates"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/revalidate-coordinates/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Progresso de uma revalidação de pontos */
        get: operations["getPeopleRevalidateCoordinatesByCode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/list-coordinates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Indicadores do mapa: pessoas por célula da grade do zoom na área visível */
        post: operations["postPeopleListCoordinates"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/find-by-location": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pessoas de um indicador do mapa, paginadas, com o resumo de votos */
        post: operations["postPeopleFindByLocation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/update-coordinates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Move as pessoas de um indicador para um ponto no Brasil */
        put: operations["putPeopleUpdateCoordinates"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/duplicates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Grupos de contatos candidatos a duplicados (CPF, e-mail, celular, nome + nascimento), maior pontuação primeiro */
        get: operations["getPeopleDuplicates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mescla contatos no sobrevivente, escolhendo cada campo (desfazível por 30 dias) */
        post: operations["postPeopleMerge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/merge/{code}/undo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Desfaz uma mesclagem (até 30 dias) */
        post: operations["postPeopleMergeByCodeUndo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/merges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Mesclagens dos últimos 30 dias, mais recente primeiro (para desfazer) */
        get: operations["getPeopleMerges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/privacy/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lista as solicitações dos titulares (atrasadas primeiro, depois pelo prazo) */
        get: operations["getPrivacyRequests"];
        put?: never;
        /** Registra uma solicitação do titular (prazo de 15 dias) */
        post: operations["postPrivacyRequests"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/privacy/requests/{code}/fulfil": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Atende a solicitação: acesso e portabilidade respondem o arquivo (format=json|html); anonimização e eliminação são executadas */
        post: operations["postPrivacyRequestsByCodeFulfil"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/{code}/privacy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Consentimentos e descadastros de uma pessoa */
        get: operations["getPeopleByCodePrivacy"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/{code}/consents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Registra um consentimento (base legal e finalidade) de uma pessoa */
        post: operations["postPeopleByCodeConsents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/companies/names": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Autocomplete de locais de votação */
        get: operations["getCompaniesNames"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/companies/list-names": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Nomes pelos códigos */
        get: operations["getCompaniesListNames"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/companies/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Busca por expressão */
        post: operations["postCompaniesSearch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/companies/delete-many": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remove vários locais */
        post: operations["postCompaniesDeleteMany"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/companies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Um local de votação */
        get: operations["getCompaniesById"];
        /** Atualiza local de votação */
        put: operations["putCompaniesById"];
        post?: never;
        /** Remove local de votação */
        delete: operations["deleteCompaniesById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/companies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cadastra local de votação */
        post: operations["postCompanies"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Busca tags por nome */
        get: operations["getTags"];
        put?: never;
        /** Cria uma tag (ou devolve a de mesmo nome) */
        post: operations["postTags"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tags/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tags pelos códigos */
        get: operations["getTagsList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/segments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Listas de segmentação de um tipo (a lista padrão primeiro) */
        get: operations["getSegments"];
        put?: never;
        /** Cria uma lista */
        post: operations["postSegments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/segments/names": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Nomes das listas */
        get: operations["getSegmentsNames"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/segments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Uma lista com o total */
        get: operations["getSegmentsById"];
        /** Atualiza uma lista */
        put: operations["putSegmentsById"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/segments/{id}/toogle-active": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Remove (desativa) ou restaura uma lista */
        put: operations["putSegmentsByIdToogleActive"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/schedules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Minhas agendas (dono ou convidado) */
        get: operations["getSchedules"];
        put?: never;
        /** Cria agenda */
        post: operations["postSchedules"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/schedules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Uma agenda */
        get: operations["getSchedulesById"];
        /** Altera agenda (dono) */
        put: operations["putSchedulesById"];
        post?: never;
        /** Remove agenda e seus eventos (dono) */
        delete: operations["deleteSchedulesById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/schedules/{id}/subscribe-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Gera novo endereço de assinatura (o antigo deixa de valer) */
        put: operations["putSchedulesByIdSubscribeToken"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Eventos no intervalo (beginDate, endDate) */
        get: operations["getEvents"];
        put?: never;
        /** Cria evento */
        post: operations["postEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Um evento */
        get: operations["getEventsById"];
        /** Altera evento */
        put: operations["putEventsById"];
        post?: never;
        /** Remove evento */
        delete: operations["deleteEventsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/calendar/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Assinatura iCalendar de uma agenda (sem login) */
        get: operations["getCalendarByFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people-contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Interações de uma pessoa */
        get: operations["getPeopleContacts"];
        put?: never;
        /** Registra interação */
        post: operations["postPeopleContacts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people-contacts/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Relatório de interações (filtros) */
        get: operations["getPeopleContactsSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people-contacts/search/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Exporta o relatório de interações (CSV) */
        get: operations["getPeopleContactsSearchExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people-contacts/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Altera interação */
        put: operations["putPeopleContactsByCode"];
        post?: never;
        /** Remove interação */
        delete: operations["deletePeopleContactsByCode"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people-contacts/{code}/mark-as-done": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Conclui interação */
        put: operations["putPeopleContactsByCodeMarkAsDone"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports/people/database-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Status da Base: contatos por voto e percentuais */
        get: operations["getReportsPeopleDatabaseStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports/people/entries-per-period": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Total de Cadastros no Mês (mês a mês, meses sem cadastro com 0) */
        get: operations["getReportsPeopleEntriesPerPeriod"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports/people/godfathers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Apadrinhados: padrinhos por total de apadrinhados (paginado) */
        get: operations["getReportsPeopleGodfathers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports/people/godfathers/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Exporta o relatório de apadrinhados (CSV, registrado no log de exportações) */
        get: operations["getReportsPeopleGodfathersExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports/interactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Relatório de interações (filtros do spec 2 §3), paginado */
        get: operations["getReportsInteractions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports/interactions/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Exporta o relatório de interações (exportacao_interacao.csv, registrado no log) */
        get: operations["getReportsInteractionsExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sys-admin/parameter/godfather-form": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Configuração do formulário de apadrinhamento */
        get: operations["getSysAdminParameterGodfatherForm"];
        /** Salva título, descrição, política de privacidade (HTML sanitizado) e campos */
        put: operations["putSysAdminParameterGodfatherForm"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sys-admin/parameter/godfather-form/favicon": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Envia o favicon do formulário (multipart: file; PNG, ICO, JPEG ou WebP pelos bytes) */
        post: operations["postSysAdminParameterGodfatherFormFavicon"];
        /** Remove o favicon do formulário */
        delete: operations["deleteSysAdminParameterGodfatherFormFavicon"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sys-admin/schemas/{slug}/sponsor-favicon": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** O favicon do formulário de apadrinhamento (público) */
        get: operations["getSysAdminSchemasBySlugSponsorFavicon"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/godfather/{id}/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Link de apadrinhamento da pessoa (cria na primeira vez) */
        post: operations["postPeopleGodfatherByIdInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/{id}/sponsor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Link de apadrinhamento e consentimentos da pessoa */
        get: operations["getPeopleByIdSponsor"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/sponsor-sign-ups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Cadastros públicos com o e-mail ou CPF de um contato visível, esperando confirmação */
        get: operations["getPeopleSponsorSignUps"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/sponsor-sign-ups/{id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirma o cadastro pendente: completa os campos vazios do contato, padrinho e consentimento */
        post: operations["postPeopleSponsorSignUpsByIdConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/sponsor-sign-ups/{id}/discard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Descarta o cadastro pendente (o contato não muda) */
        post: operations["postPeopleSponsorSignUpsByIdDiscard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/godfather-form/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Formulário público de apadrinhamento do link (sem login; X-Schema: o tenant) */
        get: operations["getPeopleGodfatherFormById"];
        put?: never;
        /** Cadastro público pelo link de apadrinhamento (sem login; X-Schema: o tenant) */
        post: operations["postPeopleGodfatherFormById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sys-admin/politicians": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lista os políticos da conta */
        get: operations["getSysAdminPoliticians"];
        put?: never;
        /** Cadastra um político */
        post: operations["postSysAdminPoliticians"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sys-admin/politicians/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Atualiza um político */
        put: operations["putSysAdminPoliticiansById"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Registro de auditoria (filtros: usuário, ação, período em dias de São Paulo), mais recentes primeiro */
        get: operations["getAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Exporta o registro de auditoria filtrado (CSV; a exportação também é auditada) */
        get: operations["getAuditExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/donations/onboarding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Estado da integração com o provedor de doações (consulta a aprovação quando aguardando) */
        get: operations["getDonationsOnboarding"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/donations/onboarding/politician": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Passo 1 do assistente: dados do político (no cadastro de políticos) */
        put: operations["putDonationsOnboardingPolitician"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/donations/onboarding/candidacy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Passo 2 do assistente: candidatura, contato e endereço (no cadastro de políticos) */
        put: operations["putDonationsOnboardingCandidacy"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/donations/onboarding/photo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A foto enviada no assistente */
        get: operations["getDonationsOnboardingPhoto"];
        /** Passo 3 do assistente: a foto (multipart: file; jpg ou png pelos bytes, até 1 MB) */
        put: operations["putDonationsOnboardingPhoto"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/donations/onboarding/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Passo 4: envia o candidato ao provedor (aceite dos termos); fica aguardando aprovação */
        post: operations["postDonationsOnboardingConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/donations/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Partidos e cargos do provedor (ou as listas do sistema quando ele não responde) */
        get: operations["getDonationsOptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/donations/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Campanhas de doação do candidato */
        get: operations["getDonationsCampaigns"];
        put?: never;
        /** Cria uma campanha de doação (só com a conta aprovada) */
        post: operations["postDonationsCampaigns"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/donations/campaigns/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Altera uma campanha de doação */
        put: operations["putDonationsCampaignsByToken"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/donations/campaigns/{token}/donations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Doações da campanha, paginadas e ordenadas; totais só das pagas (centavos) */
        get: operations["getDonationsCampaignsByTokenDonations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/donations/campaigns/{token}/donations/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Exporta as doações da campanha (CSV, registrado no log de exportações) */
        get: operations["getDonationsCampaignsByTokenDonationsExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sys-admin/donation-provider": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Se a conta tem token do provedor de doações e se o provedor é o ambiente de testes */
        get: operations["getSysAdminDonationProvider"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sys-admin/donation-provider/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Guarda (cifrado) o token da conta no provedor de doações; o anterior deixa de valer */
        put: operations["putSysAdminDonationProviderToken"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/amendment/save": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cadastra ou altera uma emenda (code vazio = nova) */
        post: operations["postAmendmentSave"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/amendment/delete/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remove uma emenda */
        post: operations["postAmendmentDeleteByCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/amendment/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lista as emendas (filtros, página, contagem e soma exata) */
        get: operations["getAmendmentList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/amendment/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Exporta as emendas filtradas (CSV) */
        get: operations["getAmendmentExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/geo/municipalities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Municípios pelo início do nome (lista offline, sem acentos) */
        get: operations["getGeoMunicipalities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sys-admin/plans/subscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Página de contratação e contato comercial configurados */
        get: operations["getSysAdminPlansSubscription"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Token do serviço de marketing (com a sessão do usuário) */
        post: operations["postMktAuthLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/domains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lista os domínios de envio */
        get: operations["getMktDomains"];
        put?: never;
        /** Cria um domínio de envio e a sua chave DKIM */
        post: operations["postMktDomains"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/domains/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove um domínio de envio */
        delete: operations["deleteMktDomainsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/domains/{id}/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Verifica os registros DNS do domínio (Atualizar) */
        post: operations["postMktDomainsByIdValidate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/senders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lista os remetentes (status=ACTIVE: os que podem enviar) */
        get: operations["getMktSenders"];
        put?: never;
        /** Cria um remetente (aguardando validação) e envia o e-mail de ativação */
        post: operations["postMktSenders"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/senders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Altera um remetente (volta a aguardar validação; novo e-mail de ativação) */
        put: operations["putMktSendersById"];
        post?: never;
        /** Remove um remetente */
        delete: operations["deleteMktSendersById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/senders/{id}/send-email-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Reenvia o e-mail de ativação de um remetente aguardando validação (um por minuto, cinco por dia) */
        get: operations["getMktSendersByIdSendEmailToken"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/senders/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Ativa (de inativo) ou desativa (de ativo) um remetente */
        put: operations["putMktSendersByIdStatus"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/senders/{id}/validate-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Valida o token do e-mail de ativação de um remetente */
        post: operations["postMktSendersByIdValidateToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/sender-email-confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Página pública de ativação do remetente (sem login e sem X-Schema: o link acha o tenant) */
        post: operations["postPublicSenderEmailConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/accounts/balance/{type}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Saldo de créditos (pessoas) de e-mail ou SMS */
        get: operations["getMktAccountsBalanceByType"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Histórico dos períodos de créditos de marketing (20 por página) */
        get: operations["getMktAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/recurrent-plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Planos de marketing ativos */
        get: operations["getMktRecurrentPlans"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/emails/campaign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lista os envios de e-mail (status, ordenação, paginação) */
        get: operations["getMktEmailsCampaign"];
        put?: never;
        /** Salva um novo e-mail como rascunho */
        post: operations["postMktEmailsCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/emails/campaign/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Um envio de e-mail */
        get: operations["getMktEmailsCampaignById"];
        /** Altera um rascunho de e-mail (só rascunhos) */
        put: operations["putMktEmailsCampaignById"];
        post?: never;
        /** Remove um rascunho de e-mail */
        delete: operations["deleteMktEmailsCampaignById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/emails/campaign/clone/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Clona um envio de e-mail (qualquer status) como novo rascunho */
        post: operations["postMktEmailsCampaignCloneById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/emails/campaign/schedule/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Agenda um rascunho de e-mail (data e hora de São Paulo: 'AAAA-MM-DD HH:mm' ou 'AAAA-MM-DD HH:mm:ss') */
        post: operations["postMktEmailsCampaignScheduleById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/emails/campaign/unschedule/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancela o agendamento de um envio de e-mail (volta a rascunho) */
        post: operations["postMktEmailsCampaignUnscheduleById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/emails/campaign/send/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Envia agora um rascunho de e-mail (os contatos são congelados e os créditos debitados em seguida) */
        post: operations["postMktEmailsCampaignSendById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/emails/campaign/{id}/reports/{report}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Uma aba do relatório de entrega de um envio de e-mail */
        get: operations["getMktEmailsCampaignByIdReportsByReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/emails/list-info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Quantas pessoas da lista recebem o e-mail (a regra do envio: e-mail válido, sem descadastrados nem suprimidos, cada endereço uma vez) */
        get: operations["getMktEmailsListInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/sms/campaign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lista os envios de SMS (status, ordenação, paginação) */
        get: operations["getMktSmsCampaign"];
        put?: never;
        /** Salva um novo SMS como rascunho (a identificação e os campos pelo maior valor da lista contam nos 160) */
        post: operations["postMktSmsCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/sms/campaign/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Um envio de SMS */
        get: operations["getMktSmsCampaignById"];
        /** Altera um rascunho de SMS (só rascunhos) */
        put: operations["putMktSmsCampaignById"];
        post?: never;
        /** Remove um rascunho de SMS */
        delete: operations["deleteMktSmsCampaignById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/sms/campaign/clone/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Clona um envio de SMS (qualquer status) como novo rascunho */
        post: operations["postMktSmsCampaignCloneById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/sms/campaign/schedule/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Agenda um rascunho de SMS (data e hora de São Paulo: 'AAAA-MM-DD HH:mm' ou 'AAAA-MM-DD HH:mm:ss') */
        post: operations["postMktSmsCampaignScheduleById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/sms/campaign/unschedule/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancela o agendamento de um envio de SMS (volta a rascunho) */
        post: operations["postMktSmsCampaignUnscheduleById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/sms/campaign/send/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Envia agora um rascunho de SMS (os contatos são congelados e os créditos debitados em seguida) */
        post: operations["postMktSmsCampaignSendById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/sms/campaign/{id}/reports/{report}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Uma aba do relatório de entrega de um envio de SMS */
        get: operations["getMktSmsCampaignByIdReportsByReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/sms/list-info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Pessoas da lista que o SMS alcança: total, maior valor de cada campo personalizado e um contato de exemplo */
        get: operations["getMktSmsListInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/emails/campaign/test/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Envia um teste do e-mail (até 5 endereços): assunto com '[Teste] ', contato de exemplo, sem rastreamento nem créditos */
        post: operations["postMktEmailsCampaignTestById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/sms/campaign/test/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Envia um teste do SMS (até 3 celulares): texto com '[Teste] ' (conta nas partes), contato de exemplo; as partes são debitadas dos créditos de SMS */
        post: operations["postMktSmsCampaignTestById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/sms/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A identificação do remetente de SMS e o horário de silêncio do tenant (e o padrão do servidor) */
        get: operations["getMktSmsSettings"];
        /** Salva a identificação do remetente de SMS e o horário de silêncio ('21-8', 'off' ou null: o padrão) */
        put: operations["putMktSmsSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/demands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Lista as demandas (total e página, mais novas primeiro) */
        get: operations["getDemands"];
        put?: never;
        /** Registra uma demanda de uma pessoa */
        post: operations["postDemands"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/demands/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Uma demanda com o histórico de status */
        get: operations["getDemandsByCode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/demands/{code}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Altera o status da demanda (registra quem e quando) */
        post: operations["postDemandsByCodeStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/demand-files/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Baixa um anexo pelo nome gerado pelo servidor (só do próprio tenant) */
        get: operations["getDemandFilesByName"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Mensagens da caixa de saída embutida, de um canal (e se ela é o transporte em uso) */
        get: operations["getMktOutbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/outbox/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Uma mensagem da caixa de saída, com o HTML, o texto e os cabeçalhos */
        get: operations["getMktOutboxById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/outbox/{id}/mark": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Marca uma mensagem da caixa de saída: e-mail entregue, devolvido ou spam; SMS entregue ou com falha */
        post: operations["postMktOutboxByIdMark"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/outbox/{id}/reply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Simula a resposta do número a um SMS da caixa de saída (SAIR, PARAR… descadastram) */
        post: operations["postMktOutboxByIdReply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mkt/emails/birthday": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** O e-mail de aniversário do tenant (remetente, assunto, conteúdo, hora do envio diário) */
        get: operations["getMktEmailsBirthday"];
        /** Salva o e-mail de aniversário; ativo, agenda o envio diário na hora escolhida (São Paulo) */
        put: operations["putMktEmailsBirthday"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/unsubscribe/{linkId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Página de descadastro: endereço mascarado, remetente e mandato (não descadastra) */
        get: operations["getPublicUnsubscribeByLinkId"];
        put?: never;
        /** Descadastra na hora, sem login: RFC 8058 (List-Unsubscribe=One-Click, formulário) ou a página ({ confirm: true }) */
        post: operations["postPublicUnsubscribeByLinkId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/t/o/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Pixel de abertura ({linkId}.gif): sempre um GIF 1×1, registra a abertura */
        get: operations["getPublicTOByFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/t/c/{linkId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Link de clique assinado: 302 para o destino assinado (http/https), senão página 400 */
        get: operations["getPublicTCByLinkId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/shots/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Eventos do relay (entregue, devolvido, spam) pelo Message-ID; Authorization: Bearer MARKETING_EVENTS_SECRET */
        post: operations["postPublicShotsEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/public/sms/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Eventos do provedor de SMS (status da mensagem e mensagem recebida); cabeçalho X-Mandato-Webhook-Secret: SMS_WEBHOOK_SECRET */
        post: operations["postPublicSmsEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sys-admin/schemas/{slug}/upload-logo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Envia o logo da conta (multipart: file; PNG, JPEG ou WebP pelos bytes, até 2 MB) */
        post: operations["postSysAdminSchemasBySlugUploadLogo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/people/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Importa uma planilha XLSX (multipart: file e data {updateBehavior, type})
         * @description Responde 200 com a importação quando a planilha é validada dentro da espera (IMPORT_VERDICT_WAIT_MS), ou 400 com as inconsistências por linha; uma planilha que leva mais responde 202 com a importação em validação (validating), e o veredito aparece no histórico (uma recusa: status ERROR com as inconsistências no log de erros).
         */
        post: operations["postPeopleImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/demands/{code}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Anexa um arquivo à demanda (multipart: file; PDF, imagem, DOCX/XLSX/ZIP pelos bytes, até 50 MB) */
        post: operations["postDemandsByCodeFiles"];
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
        Person: {
            code: number;
            name: string | null;
            email: string | null;
            cellphone: string | null;
            phoneTwo: string | null;
            cpf: string | null;
            birthDate: string | null;
            nickname: string | null;
            /** @enum {string|null} */
            gender: "MALE" | "FEMALE" | "NOT_BINARY" | "OTHER" | null;
            address: {
                zipCode?: string;
                street?: string;
                number?: string;
                complement?: string;
                neighborhood?: string;
                city?: string;
                /** @enum {string} */
                state?: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO";
            } | null;
            profession: string | null;
            company: {
                code: number;
                name: string;
            } | null;
            godfather: {
                code: number;
                name: string;
            } | null;
            votingZone: string | null;
            votingSection: string | null;
            notes: string | null;
            tags: {
                code: number;
                name: string;
            }[];
            /** @enum {string} */
            vote: "TO_CONQUER" | "CONQUERED" | "LOST";
            influence: number;
            /** @enum {string} */
            emailStatus: "VALID" | "INVALID" | "UNCHECKED";
            /** @enum {string} */
            smsStatus: "VALID" | "INVALID" | "UNCHECKED";
            isUser: boolean;
            user: {
                code: string;
                active: boolean;
            } | null;
            createDate: string;
            createdBy: {
                code: string;
                name: string;
            } | null;
        };
        Schedule: {
            code: number;
            name: string;
            /** @enum {string} */
            color: "RED" | "PINK" | "PURPLE" | "DARK_PURPLE" | "DARK_BLUE" | "BLUE" | "LIGHT_BLUE" | "GREEN_BLUE" | "GREEN_GRAY" | "GREEN" | "LIGHT_GREEN" | "GREEN_YELLOW" | "YELLOW" | "DARK_YELLOW" | "ORANGE" | "DARK_ORANGE" | "BROWN" | "GRAY";
            colorHex: string;
            owner: {
                code: string;
                name: string;
            };
            isOwner: boolean;
            invitedPeople: {
                code: string;
                name: string;
            }[];
            subscribeURL: string;
            createDate: string;
            updateDate: string;
        };
        AgendaEvent: {
            code: number;
            title: string;
            beginDate: string;
            endDate: string;
            entireDay: boolean;
            location: string | null;
            description: string | null;
            schedule: {
                code: number;
                name: string;
                /** @enum {string} */
                color: "RED" | "PINK" | "PURPLE" | "DARK_PURPLE" | "DARK_BLUE" | "BLUE" | "LIGHT_BLUE" | "GREEN_BLUE" | "GREEN_GRAY" | "GREEN" | "LIGHT_GREEN" | "GREEN_YELLOW" | "YELLOW" | "DARK_YELLOW" | "ORANGE" | "DARK_ORANGE" | "BROWN" | "GRAY";
                colorHex: string;
            };
            invitedPeople: {
                code: string;
                name: string;
            }[];
            responsibleCode: string | null;
            responsible: {
                code: string;
                name: string;
            } | null;
            canEdit: boolean;
            revision: number;
            createDate: string;
            updateDate: string;
        };
        Amendment: {
            code: number;
            year: number;
            title: string;
            description: string | null;
            receiver: string | null;
            value: string;
            /** @enum {string} */
            status: "PAID" | "ANALISYS" | "WAITING_PAYMENT" | "PENDDING" | "DONE";
            contact: number | null;
            contactName: string | null;
            createDate: string;
            updateDate: string;
        };
        ErrorAnswer: {
            message: string;
            errors?: string | string[] | {
                [key: string]: string[];
            } | {
                [key: string]: {
                    [key: string]: string[];
                };
            };
        };
        Company: {
            code: number;
            name: string;
            cnpj: string | null;
            email: string | null;
            phone: string | null;
            address: {
                zipCode?: string;
                street?: string;
                number?: string;
                complement?: string;
                neighborhood?: string;
                city?: string;
                /** @enum {string} */
                state?: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO";
            } | null;
            tags: {
                code: number;
                name: string;
            }[];
            mainContact: {
                code: number;
                name: string;
            } | null;
            createDate: string;
        };
        QuickSearchAnswer: {
            list: {
                code: number;
                name: string | null;
                email: string | null;
                cellphone: string | null;
                phoneTwo: string | null;
            }[];
            more: boolean;
        };
        Segment: {
            code: number;
            name: string;
            /** @enum {string} */
            type: "PERSON" | "TEAM" | "COMPANY";
            expression: ({
                units: ({
                    field: string;
                    /** @enum {string} */
                    operator: "=" | ">" | "<" | ">=" | "<=" | "BETWEEN" | "IN" | "CONTAINS" | "STARTS_WITH" | "IN_ALL";
                    values: (string | number | {
                        day?: number;
                        month?: number;
                        year?: number;
                    })[];
                } | ("AND" | "OR"))[];
            } | ("AND" | "OR"))[];
            total: number;
            special: boolean;
        };
        Demand: {
            code: number;
            title: string;
            description: string | null;
            applicant: number;
            applicantName: string | null;
            /** @enum {string} */
            status: "OPEN" | "IN_PROGRESS" | "DONE" | "CANCELED";
            createdAt: string;
            files: {
                name: string;
                originalName: string;
                extension: string;
                size: number;
            }[];
        };
        Politician: {
            code: number;
            name: string;
            ballotName: string | null;
            cpf: string;
            rg: string | null;
            idDispatchingAgency: string | null;
            voterRegistration: string | null;
            birthday: string | null;
            email: string | null;
            /** @enum {string} */
            politicalOffice: "PRESIDENTE" | "GOVERNADOR" | "GOVERNADORA" | "PREFEITO" | "PREFEITA" | "SENADOR" | "SENADORA" | "DEPUTADO_DISTRITAL" | "DEPUTADA_DISTRITAL" | "DEPUTADO_FEDERAL" | "DEPUTADA_FEDERAL" | "DEPUTADO_ESTADUAL" | "DEPUTADA_ESTADUAL" | "VEREADOR" | "VEREADORA";
            politicalParty: string;
            candidateNumber: number | null;
            candidateCnpj: string | null;
            electoralState: string | null;
            electoralCity: string | null;
            phone: string | null;
            mobilePhone: string | null;
            address: {
                zipCode?: string;
                street?: string;
                number?: string;
                complement?: string;
                neighborhood?: string;
                city?: string;
                /** @enum {string} */
                state?: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO";
            } | null;
            donationCampaignDescription: string | null;
            active: boolean;
            createDate: string;
            updateDate: string;
        };
        DonationStepAnswer: {
            message: string;
        };
        DonationOnboarding: {
            /** @enum {string} */
            state: "NOT_INTEGRATED" | "AWAITING_APPROVAL" | "CONFIRMED";
            politician: {
                name?: string;
                cpf?: string;
                rg?: string;
                idDispatchingAgency?: string;
                voterRegistration?: string;
                birthday?: string;
                email?: string;
                candidateCnpj?: string;
                candidateNumber?: number;
                /** @enum {string} */
                politicalOffice?: "PRESIDENTE" | "GOVERNADOR" | "GOVERNADORA" | "PREFEITO" | "PREFEITA" | "SENADOR" | "SENADORA" | "DEPUTADO_DISTRITAL" | "DEPUTADA_DISTRITAL" | "DEPUTADO_FEDERAL" | "DEPUTADA_FEDERAL" | "DEPUTADO_ESTADUAL" | "DEPUTADA_ESTADUAL" | "VEREADOR" | "VEREADORA";
                politicalParty?: string;
                donationCampaignDescription?: string;
                phone?: string;
                mobilePhone?: string;
                zipCode?: string;
                street?: string;
                number?: string;
                complement?: string;
                neighborhood?: string;
                city?: string;
                state?: string;
            } | null;
            photo: {
                url: string;
            } | null;
            candidateId: number | null;
        };
        DonationOptions: {
            parties: {
                id: number;
                initials: string;
                name: string;
            }[];
            offices: {
                id: number;
                name: string;
            }[];
        };
        DonationCampaigns: {
            items: {
                token: string;
                title: string;
                active: boolean;
                minCents: number;
                maxCents: number;
                suggestedCents: number;
                url: string;
                createdAt: string;
            }[];
            sandbox: boolean;
        };
        DonationList: {
            items: {
                date: string;
                donorName: string;
                cpfMasked: string;
                email: string;
                phoneMasked: string;
                valueCents: number;
                /** @enum {string} */
                status: "PAID" | "PENDING";
            }[];
            total: number;
            paidTotalCents: number;
            paidCount: number;
        };
        DonationProviderStatus: {
            connected: boolean;
            sandbox: boolean;
        };
        PeopleExportLog: {
            code: number;
            date: string;
            userName: string | null;
            /** @enum {string} */
            type: "PERSON" | "TEAM";
            listCode: number | null;
            listName: string | null;
            rows: number;
            /** @enum {string} */
            status: "STARTED" | "DONE" | "INTERRUPTED";
        };
        ImportLog: {
            code: number;
            /** @enum {string} */
            type: "PERSON" | "TEAM";
            fileName: string;
            /** @enum {string} */
            updateBehavior: "SKIP" | "UPDATE_BLANK" | "OVERWRITE";
            /** @enum {string} */
            status: "IN_PROGRESS" | "CONCLUDED" | "ERROR";
            concluded: boolean;
            failure: boolean;
            totalRecords: number;
            totalSuccess: number;
            totalError: number;
            totalSkip: number;
            rowsDone: number;
            validating: boolean;
            createDate: string;
            finishDate: string | null;
            responsiblePersonName: string | null;
            responsible: {
                code: string;
                name: string;
            } | null;
        };
        BulkOperation: {
            code: number;
            creationDate: string;
            finishDate: string | null;
            /** @enum {string} */
            type: "PERSON" | "TEAM";
            fileName: string;
            /** @enum {string} */
            updateBehavior: "SKIP" | "UPDATE_BLANK" | "OVERWRITE";
            customArgs: {
                userCreator: {
                    code: string;
                    name: string;
                } | null;
            };
            /** @enum {string} */
            status: "IN_PROGRESS" | "CONCLUDED" | "ERROR";
            totalRecords: number;
            totalRecordsProcessed: number;
            totalRecordsSuccessfully: number;
            totalRecordsWithError: number;
            totalRecordsIgnored: number;
            logs: {
                recordPK: number | null;
                text: string;
                line: number;
            }[];
        };
        Interaction: {
            code: number;
            /** @enum {string} */
            type: "CONTACT";
            /** @enum {string} */
            source: "LETTER" | "EMAIL" | "FACEBOOK" | "INSTAGRAM" | "PHONE" | "PERSONAL" | "SMS" | "TELEGRAM" | "TIKTOK" | "TWITTER" | "WEBSITE" | "WHATSAPP";
            description: string;
            beginDate: string;
            endDate: string;
            userResponsible: {
                code: string;
                name: string;
            } | null;
            /** @enum {string} */
            status: "IN_PROGRESS" | "CONCLUDED" | "CANCELED";
            personCode: number;
            person: {
                code: number;
                name: string;
            };
            /** @enum {string} */
            displayState: "CONCLUDED" | "WAITING" | "LATE" | "CANCELED";
            displayLabel: string;
            createDate: string;
            updateDate: string;
        };
        MapLocation: {
            latitude: number;
            longitude: number;
            votes: {
                /** @enum {string} */
                vote: "TO_CONQUER" | "CONQUERED" | "LOST";
                count: number;
            }[];
            count: number;
            cell: {
                zoom: number;
                row: number;
                column: number;
            };
        };
        TenantSchema: {
            slug: string;
            code: string;
            name: string;
            logoUrl: string | null;
            hasMarketingSecret?: boolean;
            plan?: {
                /** @enum {string} */
                id: "FREE" | "TRIAL" | "BASIC" | "IDEAL" | "PREMIUM";
                name: string;
                totalUser: number;
                totalContacts: number;
            };
            planConsumption?: {
                totalContactsUsed: number;
            };
            enableAddressRevalidation?: boolean;
            deactiveDate?: string | null;
            modules?: {
                demands: boolean;
            };
        };
        LoginAnswer: {
            user: {
                code: string;
                name: string;
                email: string;
                cellphone: string | null;
                active: boolean;
                permissions: ("ROLE_CRM" | "ROLE_CRM_ALL_DATA" | "ROLE_TEAM" | "ROLE_MARKETING" | "ROLE_REPORT" | "ROLE_CONFIG" | "ROLE_DONATION")[];
            };
            token: string;
            expiresAt: string;
            integrationKeys: {
                leads: {
                    projectCode: string | null;
                    token: string | null;
                };
                docs: {
                    apiToken: string | null;
                };
            };
        };
        SubscriptionConfig: {
            subscribeUrl: string | null;
            salesEmail: string | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    postAuthLogin: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
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
                    "application/json": {
                        data: components["schemas"]["LoginAnswer"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getAuthVerify: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            user: {
                                code: string;
                                name: string;
                                email: string;
                                cellphone: string | null;
                                active: boolean;
                                permissions: ("ROLE_CRM" | "ROLE_CRM_ALL_DATA" | "ROLE_TEAM" | "ROLE_MARKETING" | "ROLE_REPORT" | "ROLE_CONFIG" | "ROLE_DONATION")[];
                            };
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postAuthLogout: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
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
                    "application/json": {
                        data: {
                            /** @enum {boolean} */
                            loggedOut: true;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putAuthForgotPassword: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
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
                    "application/json": {
                        data: {
                            sent: boolean;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putUsersByCodeChangePassword: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    oldPassword: string;
                    newPassword: string;
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
                    "application/json": {
                        data: {
                            changed: boolean;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getSysAdminSchemasBySlug: {
        parameters: {
            query?: never;
            header?: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema"?: string;
            };
            path: {
                slug: string;
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
                        data: components["schemas"]["TenantSchema"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getSysAdminSchemasBySlugLogo: {
        parameters: {
            query?: {
                v?: string;
            };
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/*": string;
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getSysAdminPlansConsumption: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            totalUsersUsed: number;
                            totalContactsUsed: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getUsersNames: {
        parameters: {
            query?: {
                searchString?: string;
                page?: number;
                itemsPerPage?: number;
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            list: {
                                code: string;
                                name: string;
                            }[];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getUsersByCode: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                code: string;
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
                        data: {
                            code: string;
                            active: boolean;
                            permissions: ("ROLE_CRM" | "ROLE_CRM_ALL_DATA" | "ROLE_TEAM" | "ROLE_MARKETING" | "ROLE_REPORT" | "ROLE_CONFIG" | "ROLE_DONATION")[];
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putUsersByCodeChangePermissions: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active: boolean;
                    permissions: ("ROLE_CRM" | "ROLE_CRM_ALL_DATA" | "ROLE_TEAM" | "ROLE_MARKETING" | "ROLE_REPORT" | "ROLE_CONFIG" | "ROLE_DONATION")[];
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
                    "application/json": {
                        data: {
                            code: string;
                            active: boolean;
                            permissions: ("ROLE_CRM" | "ROLE_CRM_ALL_DATA" | "ROLE_TEAM" | "ROLE_MARKETING" | "ROLE_REPORT" | "ROLE_CONFIG" | "ROLE_DONATION")[];
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putUsersByCodeResetPassword: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                code: string;
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
                        data: {
                            sent: boolean;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getUsersMe: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            code: string;
                            name: string;
                            email: string;
                            cellphone: string | null;
                            active: boolean;
                            permissions: ("ROLE_CRM" | "ROLE_CRM_ALL_DATA" | "ROLE_TEAM" | "ROLE_MARKETING" | "ROLE_REPORT" | "ROLE_CONFIG" | "ROLE_DONATION")[];
                            address: {
                                zipCode?: string;
                                street?: string;
                                number?: string;
                                complement?: string;
                                neighborhood?: string;
                                city?: string;
                                /** @enum {string} */
                                state?: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO";
                            } | null;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putUsersMe: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    email: string;
                    cellphone: string;
                    address?: {
                        zipCode?: string | null;
                        street?: string | null;
                        number?: string | null;
                        complement?: string | null;
                        neighborhood?: string | null;
                        city?: string | null;
                        /** @enum {string|null} */
                        state?: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO" | null;
                    } | null;
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
                    "application/json": {
                        data: {
                            code: string;
                            name: string;
                            email: string;
                            cellphone: string | null;
                            active: boolean;
                            permissions: ("ROLE_CRM" | "ROLE_CRM_ALL_DATA" | "ROLE_TEAM" | "ROLE_MARKETING" | "ROLE_REPORT" | "ROLE_CONFIG" | "ROLE_DONATION")[];
                            address: {
                                zipCode?: string;
                                street?: string;
                                number?: string;
                                complement?: string;
                                neighborhood?: string;
                                city?: string;
                                /** @enum {string} */
                                state?: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO";
                            } | null;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postPeopleSearch: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default [] */
                    expression?: ({
                        units: ({
                            field: string;
                            /** @enum {string} */
                            operator: "=" | ">" | "<" | ">=" | "<=" | "BETWEEN" | "IN" | "CONTAINS" | "STARTS_WITH" | "IN_ALL";
                            values: (string | number | {
                                day?: number;
                                month?: number;
                                year?: number;
                            })[];
                        } | ("AND" | "OR"))[];
                    } | ("AND" | "OR"))[];
                    /**
                     * @default PERSON
                     * @enum {string}
                     */
                    type?: "PERSON" | "TEAM";
                    /** @default 1 */
                    page?: number;
                    /** @default 50 */
                    itemsPerPage?: number;
                    /**
                     * @default name
                     * @enum {string}
                     */
                    orderingCriteria?: "name" | "vote" | "influence" | "createDate";
                    orderingAscending?: boolean | ("true" | "false");
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
                    "application/json": {
                        data: {
                            list: components["schemas"]["Person"][];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getPeopleNames: {
        parameters: {
            query?: {
                searchString?: string;
                page?: number;
                itemsPerPage?: number;
                type?: "PERSON" | "TEAM";
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            list: {
                                code: number;
                                name: string;
                            }[];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getPeopleListNames: {
        parameters: {
            query: {
                codes: number[];
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            code: number;
                            name: string;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getPeople: {
        parameters: {
            query?: {
                segmentCode?: number;
                page?: number;
                itemsPerPage?: number;
                orderingCriteria?: "name" | "vote" | "influence" | "createDate";
                orderingAscending?: boolean | ("true" | "false");
                validEmail?: "true" | "false";
                validSMS?: "true" | "false";
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            list: components["schemas"]["Person"][];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postPeople: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string | null;
                    email?: string | null;
                    cellphone?: string | null;
                    phoneTwo?: string | null;
                    cpf?: string | null;
                    birthDate?: string | null;
                    nickname?: string | null;
                    /** @enum {string|null} */
                    gender?: "MALE" | "FEMALE" | "NOT_BINARY" | "OTHER" | null;
                    address?: {
                        zipCode?: string | null;
                        street?: string | null;
                        number?: string | null;
                        complement?: string | null;
                        neighborhood?: string | null;
                        city?: string | null;
                        /** @enum {string|null} */
                        state?: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO" | null;
                    } | null;
                    profession?: string | null;
                    companyCode?: number | null;
                    votingZone?: string | null;
                    votingSection?: string | null;
                    isUser?: boolean | null;
                    /** @enum {string|null} */
                    vote?: "TO_CONQUER" | "CONQUERED" | "LOST" | null;
                    influence?: number | null;
                    tags?: number[] | null;
                    godfatherCode?: number | null;
                    notes?: string | null;
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
                    "application/json": {
                        data: components["schemas"]["Person"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    deletePeopleDeleteMany: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    codes: number[];
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
                    "application/json": {
                        data: {
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getPeopleById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: components["schemas"]["Person"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putPeopleById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string | null;
                    email?: string | null;
                    cellphone?: string | null;
                    phoneTwo?: string | null;
                    cpf?: string | null;
                    birthDate?: string | null;
                    nickname?: string | null;
                    /** @enum {string|null} */
                    gender?: "MALE" | "FEMALE" | "NOT_BINARY" | "OTHER" | null;
                    address?: {
                        zipCode?: string | null;
                        street?: string | null;
                        number?: string | null;
                        complement?: string | null;
                        neighborhood?: string | null;
                        city?: string | null;
                        /** @enum {string|null} */
                        state?: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO" | null;
                    } | null;
                    profession?: string | null;
                    companyCode?: number | null;
                    votingZone?: string | null;
                    votingSection?: string | null;
                    isUser?: boolean | null;
                    /** @enum {string|null} */
                    vote?: "TO_CONQUER" | "CONQUERED" | "LOST" | null;
                    influence?: number | null;
                    tags?: number[] | null;
                    godfatherCode?: number | null;
                    notes?: string | null;
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
                    "application/json": {
                        data: components["schemas"]["Person"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    deletePeopleById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            code: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putPeopleByIdUpdateVote: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    vote: "TO_CONQUER" | "CONQUERED" | "LOST";
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
                    "application/json": {
                        data: components["schemas"]["Person"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putPeopleByIdMarkAsInfluence: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    influence: number;
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
                    "application/json": {
                        data: components["schemas"]["Person"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putPeopleByIdRemoveInfluence: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: components["schemas"]["Person"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postPeopleByIdSetAsTeam: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: components["schemas"]["Person"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getPeopleQuickSearch: {
        parameters: {
            query: {
                searchString: string;
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: components["schemas"]["QuickSearchAnswer"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getPeopleImportTemplate: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getPeopleImports: {
        parameters: {
            query?: {
                page?: number;
                itemsPerPage?: number;
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            list: components["schemas"]["ImportLog"][];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getPeopleImportsByIdStatus: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: components["schemas"]["ImportLog"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getPeopleImportsByIdLogs: {
        parameters: {
            query?: {
                page?: number;
                itemsPerPage?: number;
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            list: {
                                line: number;
                                recordPK: number | null;
                                text: string;
                            }[];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getBulkOperationsSearch: {
        parameters: {
            query?: {
                page?: number;
                itemsPerPage?: number;
                ordering?: "ASC" | "DESC";
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            list: components["schemas"]["BulkOperation"][];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getBulkOperationsGetById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: components["schemas"]["BulkOperation"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postPeopleSearchExport: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default [] */
                    expression?: ({
                        units: ({
                            field: string;
                            /** @enum {string} */
                            operator: "=" | ">" | "<" | ">=" | "<=" | "BETWEEN" | "IN" | "CONTAINS" | "STARTS_WITH" | "IN_ALL";
                            values: (string | number | {
                                day?: number;
                                month?: number;
                                year?: number;
                            })[];
                        } | ("AND" | "OR"))[];
                    } | ("AND" | "OR"))[];
                    /**
                     * @default PERSON
                     * @enum {string}
                     */
                    type?: "PERSON" | "TEAM";
                    segmentCode?: number;
                    /**
                     * @default CSV
                     * @enum {string}
                     */
                    format?: "CSV" | "XLSX";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getPeopleExports: {
        parameters: {
            query?: {
                page?: number;
                itemsPerPage?: number;
                type?: "PERSON" | "TEAM";
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            list: components["schemas"]["PeopleExportLog"][];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postPeopleRevalidateCoordinates: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default [] */
                    expression?: ({
                        units: ({
                            field: string;
                            /** @enum {string} */
                            operator: "=" | ">" | "<" | ">=" | "<=" | "BETWEEN" | "IN" | "CONTAINS" | "STARTS_WITH" | "IN_ALL";
                            values: (string | number | {
                                day?: number;
                                month?: number;
                                year?: number;
                            })[];
                        } | ("AND" | "OR"))[];
                    } | ("AND" | "OR"))[];
                    /**
                     * @default PERSON
                     * @enum {string}
                     */
                    type?: "PERSON" | "TEAM";
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
                    "application/json": {
                        data: {
                            code: number;
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getPeopleRevalidateCoordinatesByCode: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                code: string;
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
                        data: {
                            code: number;
                            /** @enum {string} */
                            status: "IN_PROGRESS" | "CONCLUDED" | "ERROR";
                            total: number;
                            done: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postPeopleListCoordinates: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default [] */
                    expression?: ({
                        units: ({
                            field: string;
                            /** @enum {string} */
                            operator: "=" | ">" | "<" | ">=" | "<=" | "BETWEEN" | "IN" | "CONTAINS" | "STARTS_WITH" | "IN_ALL";
                            values: (string | number | {
                                day?: number;
                                month?: number;
                                year?: number;
                            })[];
                        } | ("AND" | "OR"))[];
                    } | ("AND" | "OR"))[];
                    /**
                     * @default PERSON
                     * @enum {string}
                     */
                    type?: "PERSON" | "TEAM";
                    /**
                     * @default {
                     *       "south": -33.4507,
                     *       "north": 5.1619,
                     *       "west": -73.5926,
                     *       "east": -28.5,
                     *       "zoom": 4
                     *     }
                     */
                    viewport?: {
                        south: number;
                        west: number;
                        north: number;
                        east: number;
                        zoom: number;
                    };
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
                    "application/json": {
                        data: {
                            list: components["schemas"]["MapLocation"][];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postPeopleFindByLocation: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default [] */
                    expression?: ({
                        units: ({
                            field: string;
                            /** @enum {string} */
                            operator: "=" | ">" | "<" | ">=" | "<=" | "BETWEEN" | "IN" | "CONTAINS" | "STARTS_WITH" | "IN_ALL";
                            values: (string | number | {
                                day?: number;
                                month?: number;
                                year?: number;
                            })[];
                        } | ("AND" | "OR"))[];
                    } | ("AND" | "OR"))[];
                    /**
                     * @default PERSON
                     * @enum {string}
                     */
                    type?: "PERSON" | "TEAM";
                    latitude?: number;
                    longitude?: number;
                    cell: {
                        zoom: number;
                        row: number;
                        column: number;
                    };
                    orderingAscending?: boolean | ("true" | "false");
                    /** @default 1 */
                    page?: number;
                    /** @default 10 */
                    itemsPerPage?: number;
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
                    "application/json": {
                        data: {
                            list: components["schemas"]["Person"][];
                            total: number;
                            summary: {
                                total: number;
                                toConquer: number;
                                conquered: number;
                                lost: number;
                            };
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putPeopleUpdateCoordinates: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default [] */
                    expression?: ({
                        units: ({
                            field: string;
                            /** @enum {string} */
                            operator: "=" | ">" | "<" | ">=" | "<=" | "BETWEEN" | "IN" | "CONTAINS" | "STARTS_WITH" | "IN_ALL";
                            values: (string | number | {
                                day?: number;
                                month?: number;
                                year?: number;
                            })[];
                        } | ("AND" | "OR"))[];
                    } | ("AND" | "OR"))[];
                    /**
                     * @default PERSON
                     * @enum {string}
                     */
                    type?: "PERSON" | "TEAM";
                    latitude: number;
                    longitude: number;
                    cell: {
                        zoom: number;
                        row: number;
                        column: number;
                    };
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
                    "application/json": {
                        data: {
                            moved: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getPeopleDuplicates: {
        parameters: {
            query?: {
                page?: number;
                itemsPerPage?: number;
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            items: {
                                /** @enum {string} */
                                key: "CPF" | "EMAIL" | "MOBILE" | "NAME_BIRTH";
                                keys: ("CPF" | "EMAIL" | "MOBILE" | "NAME_BIRTH")[];
                                score: number;
                                people: {
                                    code: number;
                                    name: string | null;
                                    cpf?: string;
                                    email?: string;
                                    mobile?: string;
                                    birthDate?: string;
                                    createdAt: string;
                                }[];
                            }[];
                            total: number;
                            refreshedAt: string | null;
                            refreshing: boolean;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postPeopleMerge: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    survivorCode: string | number;
                    mergedCodes: (string | number)[];
                    fields?: {
                        name?: string | number;
                        email?: string | number;
                        cellphone?: string | number;
                        phoneTwo?: string | number;
                        cpf?: string | number;
                        birthDate?: string | number;
                        nickname?: string | number;
                        gender?: string | number;
                        address?: string | number;
                        profession?: string | number;
                        company?: string | number;
                        godfather?: string | number;
                        votingZone?: string | number;
                        votingSection?: string | number;
                        notes?: string | number;
                        vote?: string | number;
                        influence?: string | number;
                    };
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
                    "application/json": {
                        data: {
                            mergeCode: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postPeopleMergeByCodeUndo: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                code: string;
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
                        data: {
                            mergeCode: string;
                            restored: number[];
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getPeopleMerges: {
        parameters: {
            query?: {
                page?: number;
                itemsPerPage?: number;
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            items: {
                                code: string;
                                createdAt: string;
                                createdBy: string | null;
                                survivor: {
                                    code: number;
                                    name: string | null;
                                } | null;
                                merged: {
                                    code: number;
                                    name: string | null;
                                }[];
                                undoneAt: string | null;
                                undoUntil: string;
                            }[];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getPrivacyRequests: {
        parameters: {
            query?: {
                page?: number;
                itemsPerPage?: number;
                status?: "OPEN" | "DONE";
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            items: {
                                code: string;
                                personCode: string | null;
                                personName: string;
                                /** @enum {string} */
                                kind: "ACCESS" | "CORRECTION" | "ANONYMISATION" | "DELETION" | "PORTABILITY";
                                /** @enum {string} */
                                channel: "EMAIL" | "PHONE" | "IN_PERSON" | "LETTER" | "OTHER";
                                /** @enum {string} */
                                status: "OPEN" | "DONE";
                                notes: string | null;
                                createdAt: string;
                                dueAt: string;
                                daysLeft: number;
                                handledBy: {
                                    name: string;
                                } | null;
                                handledAt: string | null;
                            }[];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postPrivacyRequests: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    personCode: string;
                    /** @enum {string} */
                    kind: "ACCESS" | "CORRECTION" | "ANONYMISATION" | "DELETION" | "PORTABILITY";
                    /** @enum {string} */
                    channel: "EMAIL" | "PHONE" | "IN_PERSON" | "LETTER" | "OTHER";
                    notes?: string;
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
                    "application/json": {
                        data: {
                            code: string;
                            personCode: string | null;
                            personName: string;
                            /** @enum {string} */
                            kind: "ACCESS" | "CORRECTION" | "ANONYMISATION" | "DELETION" | "PORTABILITY";
                            /** @enum {string} */
                            channel: "EMAIL" | "PHONE" | "IN_PERSON" | "LETTER" | "OTHER";
                            /** @enum {string} */
                            status: "OPEN" | "DONE";
                            notes: string | null;
                            createdAt: string;
                            dueAt: string;
                            daysLeft: number;
                            handledBy: {
                                name: string;
                            } | null;
                            handledAt: string | null;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postPrivacyRequestsByCodeFulfil: {
        parameters: {
            query?: {
                format?: "json" | "html";
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description O arquivo do titular (acesso, portabilidade) ou a solicitação atendida ({ data }) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            code: string;
                            personCode: string | null;
                            personName: string;
                            /** @enum {string} */
                            kind: "ACCESS" | "CORRECTION" | "ANONYMISATION" | "DELETION" | "PORTABILITY";
                            /** @enum {string} */
                            channel: "EMAIL" | "PHONE" | "IN_PERSON" | "LETTER" | "OTHER";
                            /** @enum {string} */
                            status: "OPEN" | "DONE";
                            notes: string | null;
                            createdAt: string;
                            dueAt: string;
                            daysLeft: number;
                            handledBy: {
                                name: string;
                            } | null;
                            handledAt: string | null;
                        };
                    } | {
                        generatedAt: string;
                        request: string;
                        personCode: string;
                        sections: {
                            module: string;
                            data: {
                                [key: string]: unknown;
                            };
                        }[];
                    };
                    "text/html": string;
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getPeopleByCodePrivacy: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                code: string;
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
                        data: {
                            consents: {
                                purpose: string;
                                /** @enum {string} */
                                lawfulBasis: "CONSENT" | "LEGAL_OBLIGATION" | "PUBLIC_POLICY" | "RESEARCH" | "CONTRACT" | "LEGAL_CLAIMS" | "VITAL_INTEREST" | "HEALTH" | "LEGITIMATE_INTEREST" | "CREDIT_PROTECTION";
                                /** @enum {string} */
                                source: "MANUAL" | "IMPORT" | "SPONSOR_FORM" | "API";
                                termsHash?: string;
                                createdAt: string;
                                by?: string;
                            }[];
                            optOuts: {
                                /** @enum {string} */
                                channel: "EMAIL" | "SMS";
                                at: string;
                                /** @enum {string} */
                                source: "LINK" | "ONE_CLICK" | "COMPLAINT" | "REPLY" | "MANUAL";
                            }[];
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postPeopleByCodeConsents: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    purpose: string;
                    /** @enum {string} */
                    lawfulBasis: "CONSENT" | "LEGAL_OBLIGATION" | "PUBLIC_POLICY" | "RESEARCH" | "CONTRACT" | "LEGAL_CLAIMS" | "VITAL_INTEREST" | "HEALTH" | "LEGITIMATE_INTEREST" | "CREDIT_PROTECTION";
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
                    "application/json": {
                        data: {
                            consents: {
                                purpose: string;
                                /** @enum {string} */
                                lawfulBasis: "CONSENT" | "LEGAL_OBLIGATION" | "PUBLIC_POLICY" | "RESEARCH" | "CONTRACT" | "LEGAL_CLAIMS" | "VITAL_INTEREST" | "HEALTH" | "LEGITIMATE_INTEREST" | "CREDIT_PROTECTION";
                                /** @enum {string} */
                                source: "MANUAL" | "IMPORT" | "SPONSOR_FORM" | "API";
                                termsHash?: string;
                                createdAt: string;
                                by?: string;
                            }[];
                            optOuts: {
                                /** @enum {string} */
                                channel: "EMAIL" | "SMS";
                                at: string;
                                /** @enum {string} */
                                source: "LINK" | "ONE_CLICK" | "COMPLAINT" | "REPLY" | "MANUAL";
                            }[];
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getCompaniesNames: {
        parameters: {
            query?: {
                searchString?: string;
                page?: number;
                itemsPerPage?: number;
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            list: {
                                code: number;
                                name: string;
                            }[];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getCompaniesListNames: {
        parameters: {
            query: {
                codes: number[];
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            code: number;
                            name: string;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postCompaniesSearch: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default [] */
                    expression?: ({
                        units: ({
                            field: string;
                            /** @enum {string} */
                            operator: "=" | ">" | "<" | ">=" | "<=" | "BETWEEN" | "IN" | "CONTAINS" | "STARTS_WITH" | "IN_ALL";
                            values: (string | number | {
                                day?: number;
                                month?: number;
                                year?: number;
                            })[];
                        } | ("AND" | "OR"))[];
                    } | ("AND" | "OR"))[];
                    /** @default 1 */
                    page?: number;
                    /** @default 50 */
                    itemsPerPage?: number;
                    /**
                     * @default name
                     * @enum {string}
                     */
                    orderingCriteria?: "name" | "createDate";
                    orderingAscending?: boolean | ("true" | "false");
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
                    "application/json": {
                        data: {
                            list: components["schemas"]["Company"][];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postCompaniesDeleteMany: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    codes: number[];
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
                    "application/json": {
                        data: {
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getCompaniesById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: components["schemas"]["Company"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putCompaniesById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    cnpj?: string | null;
                    email?: string | null;
                    phone?: string | null;
                    address?: {
                        zipCode?: string | null;
                        street?: string | null;
                        number?: string | null;
                        complement?: string | null;
                        neighborhood?: string | null;
                        city?: string | null;
                        /** @enum {string|null} */
                        state?: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO" | null;
                    } | null;
                    tags?: number[] | null;
                    mainContactPersonCode?: number | null;
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
                    "application/json": {
                        data: components["schemas"]["Company"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    deleteCompaniesById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            code: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postCompanies: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    cnpj?: string | null;
                    email?: string | null;
                    phone?: string | null;
                    address?: {
                        zipCode?: string | null;
                        street?: string | null;
                        number?: string | null;
                        complement?: string | null;
                        neighborhood?: string | null;
                        city?: string | null;
                        /** @enum {string|null} */
                        state?: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO" | null;
                    } | null;
                    tags?: number[] | null;
                    mainContactPersonCode?: number | null;
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
                    "application/json": {
                        data: components["schemas"]["Company"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getTags: {
        parameters: {
            query?: {
                searchString?: string;
                page?: number;
                itemsPerPage?: number;
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            list: {
                                code: number;
                                name: string;
                            }[];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postTags: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
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
                    "application/json": {
                        data: {
                            code: number;
                            name: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getTagsList: {
        parameters: {
            query: {
                codes: number[];
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            code: number;
                            name: string;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getSegments: {
        parameters: {
            query: {
                type: "PERSON" | "TEAM" | "COMPANY";
                page?: number;
                itemsPerPage?: number;
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            list: components["schemas"]["Segment"][];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postSegments: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @enum {string} */
                    type: "PERSON" | "TEAM" | "COMPANY";
                    expression: ({
                        units: ({
                            field: string;
                            /** @enum {string} */
                            operator: "=" | ">" | "<" | ">=" | "<=" | "BETWEEN" | "IN" | "CONTAINS" | "STARTS_WITH" | "IN_ALL";
                            values: (string | number | {
                                day?: number;
                                month?: number;
                                year?: number;
                            })[];
                        } | ("AND" | "OR"))[];
                    } | ("AND" | "OR"))[];
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
                    "application/json": {
                        data: components["schemas"]["Segment"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getSegmentsNames: {
        parameters: {
            query: {
                types: ("PERSON" | "TEAM" | "COMPANY")[];
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            code: number;
                            name: string;
                            /** @enum {string} */
                            type: "PERSON" | "TEAM" | "COMPANY";
                            special: boolean;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getSegmentsById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: components["schemas"]["Segment"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putSegmentsById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @enum {string} */
                    type: "PERSON" | "TEAM" | "COMPANY";
                    expression: ({
                        units: ({
                            field: string;
                            /** @enum {string} */
                            operator: "=" | ">" | "<" | ">=" | "<=" | "BETWEEN" | "IN" | "CONTAINS" | "STARTS_WITH" | "IN_ALL";
                            values: (string | number | {
                                day?: number;
                                month?: number;
                                year?: number;
                            })[];
                        } | ("AND" | "OR"))[];
                    } | ("AND" | "OR"))[];
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
                    "application/json": {
                        data: components["schemas"]["Segment"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putSegmentsByIdToogleActive: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            code: number;
                            active: boolean;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getSchedules: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            list: components["schemas"]["Schedule"][];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postSchedules: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @enum {string|null} */
                    color?: "RED" | "PINK" | "PURPLE" | "DARK_PURPLE" | "DARK_BLUE" | "BLUE" | "LIGHT_BLUE" | "GREEN_BLUE" | "GREEN_GRAY" | "GREEN" | "LIGHT_GREEN" | "GREEN_YELLOW" | "YELLOW" | "DARK_YELLOW" | "ORANGE" | "DARK_ORANGE" | "BROWN" | "GRAY" | null;
                    invitedPeopleCodes?: string[] | null;
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
                    "application/json": {
                        data: components["schemas"]["Schedule"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getSchedulesById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: components["schemas"]["Schedule"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putSchedulesById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @enum {string|null} */
                    color?: "RED" | "PINK" | "PURPLE" | "DARK_PURPLE" | "DARK_BLUE" | "BLUE" | "LIGHT_BLUE" | "GREEN_BLUE" | "GREEN_GRAY" | "GREEN" | "LIGHT_GREEN" | "GREEN_YELLOW" | "YELLOW" | "DARK_YELLOW" | "ORANGE" | "DARK_ORANGE" | "BROWN" | "GRAY" | null;
                    invitedPeopleCodes?: string[] | null;
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
                    "application/json": {
                        data: components["schemas"]["Schedule"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    deleteSchedulesById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            code: number;
                            removedEvents: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putSchedulesByIdSubscribeToken: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: components["schemas"]["Schedule"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getEvents: {
        parameters: {
            query: {
                beginDate: string;
                endDate: string;
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            list: components["schemas"]["AgendaEvent"][];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postEvents: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                    beginDate: string;
                    endDate: string;
                    entireDay?: boolean | null;
                    location?: string | null;
                    description?: string | null;
                    scheduleCode: number;
                    responsibleCode?: unknown;
                    invitedPeopleCodes?: string[] | null;
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
                    "application/json": {
                        data: components["schemas"]["AgendaEvent"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getEventsById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: components["schemas"]["AgendaEvent"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putEventsById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                    beginDate: string;
                    endDate: string;
                    entireDay?: boolean | null;
                    location?: string | null;
                    description?: string | null;
                    scheduleCode: number;
                    responsibleCode?: unknown;
                    invitedPeopleCodes?: string[] | null;
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
                    "application/json": {
                        data: components["schemas"]["AgendaEvent"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    deleteEventsById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            code: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getCalendarByFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": string;
                };
            };
            /** @description Não mudou desde o ETag (If-None-Match): sem corpo */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": null;
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getPeopleContacts: {
        parameters: {
            query: {
                personCode: number;
                page?: number;
                itemsPerPage?: number;
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            list: components["schemas"]["Interaction"][];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postPeopleContacts: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string|null} */
                    type?: "CONTACT" | null;
                    /** @enum {string} */
                    source: "LETTER" | "EMAIL" | "FACEBOOK" | "INSTAGRAM" | "PHONE" | "PERSONAL" | "SMS" | "TELEGRAM" | "TIKTOK" | "TWITTER" | "WEBSITE" | "WHATSAPP";
                    description: string;
                    /** @description beginDate: 'YYYY-MM-DD HH:mm' (America/Sao_Paulo) ou ISO 8601 com fuso */
                    beginDate: string;
                    /** @description endDate: 'YYYY-MM-DD HH:mm' (America/Sao_Paulo) ou ISO 8601 com fuso */
                    endDate: string;
                    userResponsibleCode: string;
                    /** @enum {string|null} */
                    status?: "IN_PROGRESS" | "CONCLUDED" | "CANCELED" | null;
                    personCode: number;
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
                    "application/json": {
                        data: components["schemas"]["Interaction"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getPeopleContactsSearch: {
        parameters: {
            query: {
                page?: number;
                itemsPerPage?: number;
                userResponsibleCode?: string;
                personCode?: number;
                beginDate?: string;
                endDate?: string;
                dateInterval?: string;
                status?: "IN_PROGRESS" | "CONCLUDED" | "CANCELED";
                considerOnlyLateInteractions?: boolean | ("0" | "1" | "true" | "false");
                requireOnlyLateContacts?: boolean | ("0" | "1" | "true" | "false");
                personTagCodes: number[];
                orderingAscending?: boolean | ("0" | "1" | "true" | "false");
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            list: components["schemas"]["Interaction"][];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getPeopleContactsSearchExport: {
        parameters: {
            query: {
                page?: number;
                itemsPerPage?: number;
                userResponsibleCode?: string;
                personCode?: number;
                beginDate?: string;
                endDate?: string;
                dateInterval?: string;
                status?: "IN_PROGRESS" | "CONCLUDED" | "CANCELED";
                considerOnlyLateInteractions?: boolean | ("0" | "1" | "true" | "false");
                requireOnlyLateContacts?: boolean | ("0" | "1" | "true" | "false");
                personTagCodes: number[];
                orderingAscending?: boolean | ("0" | "1" | "true" | "false");
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putPeopleContactsByCode: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string|null} */
                    type?: "CONTACT" | null;
                    /** @enum {string} */
                    source: "LETTER" | "EMAIL" | "FACEBOOK" | "INSTAGRAM" | "PHONE" | "PERSONAL" | "SMS" | "TELEGRAM" | "TIKTOK" | "TWITTER" | "WEBSITE" | "WHATSAPP";
                    description: string;
                    /** @description beginDate: 'YYYY-MM-DD HH:mm' (America/Sao_Paulo) ou ISO 8601 com fuso */
                    beginDate: string;
                    /** @description endDate: 'YYYY-MM-DD HH:mm' (America/Sao_Paulo) ou ISO 8601 com fuso */
                    endDate: string;
                    userResponsibleCode: string;
                    /** @enum {string|null} */
                    status?: "IN_PROGRESS" | "CONCLUDED" | "CANCELED" | null;
                    personCode: number;
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
                    "application/json": {
                        data: components["schemas"]["Interaction"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    deletePeopleContactsByCode: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                code: string;
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
                        data: {
                            code: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putPeopleContactsByCodeMarkAsDone: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                code: string;
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
                        data: components["schemas"]["Interaction"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getReportsPeopleDatabaseStatus: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            total: number;
                            conquered: number;
                            toconquer: number;
                            lost: number;
                            conqueredPercentage: number;
                            toConquerPercentage: number;
                            lostPercentage: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getReportsPeopleEntriesPerPeriod: {
        parameters: {
            query: {
                timeBase?: "month";
                /** @description beginDate: AAAA-MM-DD */
                beginDate: string;
                /** @description endDate: AAAA-MM-DD */
                endDate: string;
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            date: string;
                            total: number;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getReportsPeopleGodfathers: {
        parameters: {
            query?: {
                page?: number;
                itemsPerPage?: number;
                orderingCriteria?: "totalAffiliates" | "name" | "influence";
                orderingAscending?: boolean | ("0" | "1" | "true" | "false");
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            list: {
                                code: number;
                                name: string;
                                influence: number;
                                totalAffiliates: number;
                            }[];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getReportsPeopleGodfathersExport: {
        parameters: {
            query?: {
                orderingCriteria?: "totalAffiliates" | "name" | "influence";
                orderingAscending?: boolean | ("0" | "1" | "true" | "false");
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getReportsInteractions: {
        parameters: {
            query: {
                page?: number;
                itemsPerPage?: number;
                userResponsibleCode?: string;
                personCode?: number;
                beginDate?: string;
                endDate?: string;
                dateInterval?: string;
                status?: "IN_PROGRESS" | "CONCLUDED" | "CANCELED";
                considerOnlyLateInteractions?: boolean | ("0" | "1" | "true" | "false");
                requireOnlyLateContacts?: boolean | ("0" | "1" | "true" | "false");
                personTagCodes: number[];
                orderingAscending?: boolean | ("0" | "1" | "true" | "false");
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            list: components["schemas"]["Interaction"][];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getReportsInteractionsExport: {
        parameters: {
            query: {
                page?: number;
                itemsPerPage?: number;
                userResponsibleCode?: string;
                personCode?: number;
                beginDate?: string;
                endDate?: string;
                dateInterval?: string;
                status?: "IN_PROGRESS" | "CONCLUDED" | "CANCELED";
                considerOnlyLateInteractions?: boolean | ("0" | "1" | "true" | "false");
                requireOnlyLateContacts?: boolean | ("0" | "1" | "true" | "false");
                personTagCodes: number[];
                orderingAscending?: boolean | ("0" | "1" | "true" | "false");
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getSysAdminParameterGodfatherForm: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            title: string;
                            description: string;
                            terms: string;
                            fields: {
                                /** @enum {string} */
                                name: "name" | "email" | "cellphone" | "cpf" | "birthDate" | "nickname" | "gender" | "zipCode" | "street" | "number" | "complement" | "neighborhood" | "city" | "state" | "phoneTwo" | "profession" | "votingZone" | "votingSection";
                                isRequired: boolean;
                            }[];
                            termsVersion: string;
                            faviconUrl: string | null;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putSysAdminParameterGodfatherForm: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                    description: string;
                    terms: string;
                    fields: {
                        /** @enum {string} */
                        name: "name" | "email" | "cellphone" | "cpf" | "birthDate" | "nickname" | "gender" | "zipCode" | "street" | "number" | "complement" | "neighborhood" | "city" | "state" | "phoneTwo" | "profession" | "votingZone" | "votingSection";
                        isRequired: boolean;
                    }[];
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
                    "application/json": {
                        data: {
                            title: string;
                            description: string;
                            terms: string;
                            fields: {
                                /** @enum {string} */
                                name: "name" | "email" | "cellphone" | "cpf" | "birthDate" | "nickname" | "gender" | "zipCode" | "street" | "number" | "complement" | "neighborhood" | "city" | "state" | "phoneTwo" | "profession" | "votingZone" | "votingSection";
                                isRequired: boolean;
                            }[];
                            termsVersion: string;
                            faviconUrl: string | null;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postSysAdminParameterGodfatherFormFavicon: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            faviconUrl: string | null;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    deleteSysAdminParameterGodfatherFormFavicon: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            faviconUrl: string | null;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getSysAdminSchemasBySlugSponsorFavicon: {
        parameters: {
            query?: {
                v?: string;
            };
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/*": string;
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postPeopleGodfatherByIdInvite: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            code: string;
                            path: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getPeopleByIdSponsor: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            link: {
                                code: string;
                                path: string;
                            } | null;
                            consents: {
                                acceptedAt: string;
                                termsVersion: string;
                                ip: string;
                                userAgent: string;
                                godfather: {
                                    code: number;
                                    name: string;
                                } | null;
                            }[];
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getPeopleSponsorSignUps: {
        parameters: {
            query?: {
                page?: number;
                itemsPerPage?: number;
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            list: {
                                id: number;
                                receivedAt: string;
                                values: {
                                    [key: string]: string;
                                };
                                person: {
                                    code: number;
                                    name: string | null;
                                };
                                godfather: {
                                    code: number;
                                    name: string;
                                } | null;
                                linkCode: string;
                                ip: string;
                                userAgent: string;
                            }[];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postPeopleSponsorSignUpsByIdConfirm: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            personCode: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postPeopleSponsorSignUpsByIdDiscard: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            id: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getPeopleGodfatherFormById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            godfather: {
                                code: string;
                                name: string;
                            };
                            formConfig: {
                                title: string;
                                description: string;
                                favicon: string | null;
                                fields: {
                                    /** @enum {string} */
                                    name: "name" | "email" | "cellphone" | "cpf" | "birthDate" | "nickname" | "gender" | "zipCode" | "street" | "number" | "complement" | "neighborhood" | "city" | "state" | "phoneTwo" | "profession" | "votingZone" | "votingSection";
                                    label: string;
                                    isRequired: boolean;
                                }[];
                            };
                            terms: string;
                            termsVersion: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postPeopleGodfatherFormById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string | null;
                    email?: string | null;
                    cellphone?: string | null;
                    cpf?: string | null;
                    birthDate?: string | null;
                    nickname?: string | null;
                    gender?: string | null;
                    zipCode?: string | null;
                    street?: string | null;
                    number?: string | null;
                    complement?: string | null;
                    neighborhood?: string | null;
                    city?: string | null;
                    state?: string | null;
                    phoneTwo?: string | null;
                    profession?: string | null;
                    votingZone?: string | null;
                    votingSection?: string | null;
                    acceptedTerms: boolean;
                    termsVersion: string;
                    website?: string;
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
                    "application/json": {
                        data: {
                            name: string | null;
                            link: {
                                code: string;
                                path: string;
                            };
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getSysAdminPoliticians: {
        parameters: {
            query?: {
                searchString?: string;
                active?: "true" | "false";
                page?: number;
                itemsPerPage?: number;
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            list: components["schemas"]["Politician"][];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postSysAdminPoliticians: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    ballotName?: string | null;
                    cpf: string;
                    rg?: string | null;
                    idDispatchingAgency?: string | null;
                    voterRegistration?: string | null;
                    birthday?: string | null;
                    email?: string | null;
                    /** @enum {string} */
                    politicalOffice: "PRESIDENTE" | "GOVERNADOR" | "GOVERNADORA" | "PREFEITO" | "PREFEITA" | "SENADOR" | "SENADORA" | "DEPUTADO_DISTRITAL" | "DEPUTADA_DISTRITAL" | "DEPUTADO_FEDERAL" | "DEPUTADA_FEDERAL" | "DEPUTADO_ESTADUAL" | "DEPUTADA_ESTADUAL" | "VEREADOR" | "VEREADORA";
                    /** @enum {string} */
                    politicalParty: "AGIR" | "AVANTE" | "CIDADANIA" | "DC" | "MDB" | "MOBILIZA" | "NOVO" | "PATRIOTA" | "PCB" | "PCdoB" | "PCO" | "PDT" | "PL" | "PMB" | "PODE" | "PP" | "PRD" | "PROS" | "PRTB" | "PSB" | "PSD" | "PSDB" | "PSOL" | "PSTU" | "PT" | "PTB" | "PV" | "REDE" | "REPUBLICANOS" | "SOLIDARIEDADE" | "UNIAO" | "UP";
                    candidateNumber?: number | null;
                    candidateCnpj?: string | null;
                    /** @enum {string|null} */
                    electoralState?: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO" | null;
                    electoralCity?: string | null;
                    phone?: string | null;
                    mobilePhone?: string | null;
                    address?: {
                        zipCode?: string | null;
                        street?: string | null;
                        number?: string | null;
                        complement?: string | null;
                        neighborhood?: string | null;
                        city?: string | null;
                        /** @enum {string|null} */
                        state?: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO" | null;
                    } | null;
                    donationCampaignDescription?: string | null;
                    active?: boolean | null;
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
                    "application/json": {
                        data: components["schemas"]["Politician"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putSysAdminPoliticiansById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    ballotName?: string | null;
                    cpf: string;
                    rg?: string | null;
                    idDispatchingAgency?: string | null;
                    voterRegistration?: string | null;
                    birthday?: string | null;
                    email?: string | null;
                    /** @enum {string} */
                    politicalOffice: "PRESIDENTE" | "GOVERNADOR" | "GOVERNADORA" | "PREFEITO" | "PREFEITA" | "SENADOR" | "SENADORA" | "DEPUTADO_DISTRITAL" | "DEPUTADA_DISTRITAL" | "DEPUTADO_FEDERAL" | "DEPUTADA_FEDERAL" | "DEPUTADO_ESTADUAL" | "DEPUTADA_ESTADUAL" | "VEREADOR" | "VEREADORA";
                    /** @enum {string} */
                    politicalParty: "AGIR" | "AVANTE" | "CIDADANIA" | "DC" | "MDB" | "MOBILIZA" | "NOVO" | "PATRIOTA" | "PCB" | "PCdoB" | "PCO" | "PDT" | "PL" | "PMB" | "PODE" | "PP" | "PRD" | "PROS" | "PRTB" | "PSB" | "PSD" | "PSDB" | "PSOL" | "PSTU" | "PT" | "PTB" | "PV" | "REDE" | "REPUBLICANOS" | "SOLIDARIEDADE" | "UNIAO" | "UP";
                    candidateNumber?: number | null;
                    candidateCnpj?: string | null;
                    /** @enum {string|null} */
                    electoralState?: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO" | null;
                    electoralCity?: string | null;
                    phone?: string | null;
                    mobilePhone?: string | null;
                    address?: {
                        zipCode?: string | null;
                        street?: string | null;
                        number?: string | null;
                        complement?: string | null;
                        neighborhood?: string | null;
                        city?: string | null;
                        /** @enum {string|null} */
                        state?: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO" | null;
                    } | null;
                    donationCampaignDescription?: string | null;
                    active?: boolean | null;
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
                    "application/json": {
                        data: components["schemas"]["Politician"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getAudit: {
        parameters: {
            query?: {
                userCode?: string;
                action?: "EXPORT" | "PRIVACY_REQUEST" | "PRIVACY_FULFIL" | "PERMISSION_CHANGE" | "BULK_DELETE" | "MERGE" | "MERGE_UNDO" | "SIGN_IN_NEW_DEVICE" | "USER_ACTIVATION" | "USER_CREATE" | "PERSON_DELETE";
                from?: string;
                to?: string;
                page?: number;
                itemsPerPage?: number;
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            items: {
                                code: string;
                                at: string;
                                user: {
                                    code: string;
                                    name: string;
                                } | null;
                                /** @enum {string} */
                                action: "EXPORT" | "PRIVACY_REQUEST" | "PRIVACY_FULFIL" | "PERMISSION_CHANGE" | "BULK_DELETE" | "MERGE" | "MERGE_UNDO" | "SIGN_IN_NEW_DEVICE" | "USER_ACTIVATION" | "USER_CREATE" | "PERSON_DELETE";
                                subject: string;
                                detail: {
                                    [key: string]: string | number | boolean;
                                };
                            }[];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getAuditExport: {
        parameters: {
            query?: {
                userCode?: string;
                action?: "EXPORT" | "PRIVACY_REQUEST" | "PRIVACY_FULFIL" | "PERMISSION_CHANGE" | "BULK_DELETE" | "MERGE" | "MERGE_UNDO" | "SIGN_IN_NEW_DEVICE" | "USER_ACTIVATION" | "USER_CREATE" | "PERSON_DELETE";
                from?: string;
                to?: string;
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getDonationsOnboarding: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: components["schemas"]["DonationOnboarding"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putDonationsOnboardingPolitician: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    cpf: string;
                    rg?: string | null;
                    idDispatchingAgency?: string | null;
                    voterRegistration?: string | null;
                    birthday?: string | null;
                    email?: string | null;
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
                    "application/json": {
                        data: components["schemas"]["DonationStepAnswer"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putDonationsOnboardingCandidacy: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    candidateCnpj?: string | null;
                    candidateNumber?: number | null;
                    /** @enum {string} */
                    politicalOffice: "PRESIDENTE" | "GOVERNADOR" | "GOVERNADORA" | "PREFEITO" | "PREFEITA" | "SENADOR" | "SENADORA" | "DEPUTADO_DISTRITAL" | "DEPUTADA_DISTRITAL" | "DEPUTADO_FEDERAL" | "DEPUTADA_FEDERAL" | "DEPUTADO_ESTADUAL" | "DEPUTADA_ESTADUAL" | "VEREADOR" | "VEREADORA";
                    /** @enum {string} */
                    politicalParty: "AGIR" | "AVANTE" | "CIDADANIA" | "DC" | "MDB" | "MOBILIZA" | "NOVO" | "PATRIOTA" | "PCB" | "PCdoB" | "PCO" | "PDT" | "PL" | "PMB" | "PODE" | "PP" | "PRD" | "PROS" | "PRTB" | "PSB" | "PSD" | "PSDB" | "PSOL" | "PSTU" | "PT" | "PTB" | "PV" | "REDE" | "REPUBLICANOS" | "SOLIDARIEDADE" | "UNIAO" | "UP";
                    donationCampaignDescription?: string | null;
                    phone?: string | null;
                    mobilePhone?: string | null;
                    zipCode?: string | null;
                    street?: string | null;
                    number?: string | null;
                    complement?: string | null;
                    neighborhood?: string | null;
                    city?: string | null;
                    /** @enum {string|null} */
                    state?: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO" | null;
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
                    "application/json": {
                        data: components["schemas"]["DonationStepAnswer"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getDonationsOnboardingPhoto: {
        parameters: {
            query?: {
                v?: string;
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/*": string;
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putDonationsOnboardingPhoto: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            url: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postDonationsOnboardingConfirm: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: components["schemas"]["DonationOnboarding"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getDonationsOptions: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: components["schemas"]["DonationOptions"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getDonationsCampaigns: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: components["schemas"]["DonationCampaigns"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postDonationsCampaigns: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                    active?: boolean;
                    minCents: number;
                    maxCents: number;
                    suggestedCents?: number | null;
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
                    "application/json": {
                        data: {
                            token: string;
                            title: string;
                            active: boolean;
                            minCents: number;
                            maxCents: number;
                            suggestedCents: number;
                            url: string;
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putDonationsCampaignsByToken: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                    active?: boolean;
                    minCents: number;
                    maxCents: number;
                    suggestedCents?: number | null;
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
                    "application/json": {
                        data: {
                            token: string;
                            title: string;
                            active: boolean;
                            minCents: number;
                            maxCents: number;
                            suggestedCents: number;
                            url: string;
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getDonationsCampaignsByTokenDonations: {
        parameters: {
            query?: {
                page?: number;
                itemsPerPage?: number;
                orderBy?: "date" | "donorName" | "valueCents" | "status";
                ascending?: boolean | ("true" | "false");
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
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
                    "application/json": {
                        data: components["schemas"]["DonationList"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getDonationsCampaignsByTokenDonationsExport: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getSysAdminDonationProvider: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: components["schemas"]["DonationProviderStatus"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putSysAdminDonationProviderToken: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
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
                    "application/json": {
                        data: components["schemas"]["DonationProviderStatus"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postAmendmentSave: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code?: number | null;
                    year: number;
                    title: string;
                    description?: string | null;
                    receiver?: string | null;
                    value: string | number;
                    /** @enum {string} */
                    status: "PAID" | "ANALISYS" | "WAITING_PAYMENT" | "PENDDING" | "DONE";
                    contact?: number | null;
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
                    "application/json": {
                        data: components["schemas"]["Amendment"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postAmendmentDeleteByCode: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                code: string;
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
                        data: {
                            code: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getAmendmentList: {
        parameters: {
            query?: {
                title?: string;
                receiver?: string;
                status?: "PAID" | "ANALISYS" | "WAITING_PAYMENT" | "PENDDING" | "DONE";
                year?: string;
                contact?: string;
                filters?: {
                    title?: string;
                    receiver?: string;
                    /** @enum {string} */
                    status?: "PAID" | "ANALISYS" | "WAITING_PAYMENT" | "PENDDING" | "DONE";
                    year?: string;
                    contact?: string;
                };
                page?: number;
                itemsPerPage?: number;
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            list: components["schemas"]["Amendment"][];
                            total: number;
                            sum: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getAmendmentExport: {
        parameters: {
            query?: {
                title?: string;
                receiver?: string;
                status?: "PAID" | "ANALISYS" | "WAITING_PAYMENT" | "PENDDING" | "DONE";
                year?: string;
                contact?: string;
                filters?: {
                    title?: string;
                    receiver?: string;
                    /** @enum {string} */
                    status?: "PAID" | "ANALISYS" | "WAITING_PAYMENT" | "PENDDING" | "DONE";
                    year?: string;
                    contact?: string;
                };
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getGeoMunicipalities: {
        parameters: {
            query: {
                q: string;
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            name: string;
                            uf: string;
                            ibge: number;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getSysAdminPlansSubscription: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: components["schemas"]["SubscriptionConfig"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postMktAuthLogin: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    slug: string;
                    secret?: string;
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
                    "application/json": {
                        data: {
                            data: {
                                token: string;
                                expiresAt: string;
                            };
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getMktDomains: {
        parameters: {
            query?: {
                status?: "VALID" | "INVALID" | "DEACTIVATED";
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            list: {
                                code: number;
                                name: string;
                                /** @enum {string} */
                                status: "VALID" | "INVALID" | "DEACTIVATED";
                                configs: {
                                    /** @enum {string} */
                                    type: "SPF" | "DKIM" | "DMARC";
                                    /** @enum {string} */
                                    recordType: "TXT";
                                    host: string;
                                    value: string;
                                    /** @enum {string} */
                                    status: "PENDING" | "VALID" | "INVALID";
                                }[];
                                failures: ("SPF" | "DKIM" | "DMARC")[];
                                checkedAt: string | null;
                                createDate: string;
                            }[];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postMktDomains: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
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
                    "application/json": {
                        data: {
                            code: number;
                            name: string;
                            /** @enum {string} */
                            status: "VALID" | "INVALID" | "DEACTIVATED";
                            configs: {
                                /** @enum {string} */
                                type: "SPF" | "DKIM" | "DMARC";
                                /** @enum {string} */
                                recordType: "TXT";
                                host: string;
                                value: string;
                                /** @enum {string} */
                                status: "PENDING" | "VALID" | "INVALID";
                            }[];
                            failures: ("SPF" | "DKIM" | "DMARC")[];
                            checkedAt: string | null;
                            createDate: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    deleteMktDomainsById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            code: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postMktDomainsByIdValidate: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            code: number;
                            name: string;
                            /** @enum {string} */
                            status: "VALID" | "INVALID" | "DEACTIVATED";
                            configs: {
                                /** @enum {string} */
                                type: "SPF" | "DKIM" | "DMARC";
                                /** @enum {string} */
                                recordType: "TXT";
                                host: string;
                                value: string;
                                /** @enum {string} */
                                status: "PENDING" | "VALID" | "INVALID";
                            }[];
                            failures: ("SPF" | "DKIM" | "DMARC")[];
                            checkedAt: string | null;
                            createDate: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getMktSenders: {
        parameters: {
            query?: {
                status?: "ACTIVE" | "INACTIVE" | "PENDING_VALIDATION";
                page?: number;
                itemsPerPage?: number;
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            list: {
                                code: number;
                                name: string;
                                email: string;
                                emailPrefix: string;
                                domainCode: number;
                                domainName: string;
                                /** @enum {string} */
                                status: "ACTIVE" | "INACTIVE" | "PENDING_VALIDATION";
                                createDate: string;
                            }[];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postMktSenders: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    emailPrefix: string;
                    domainCode: number;
                    /** @enum {string} */
                    status?: "PENDING_VALIDATION";
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
                    "application/json": {
                        data: {
                            code: number;
                            name: string;
                            email: string;
                            emailPrefix: string;
                            domainCode: number;
                            domainName: string;
                            /** @enum {string} */
                            status: "ACTIVE" | "INACTIVE" | "PENDING_VALIDATION";
                            createDate: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putMktSendersById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    emailPrefix: string;
                    domainCode: number;
                    /** @enum {string} */
                    status?: "PENDING_VALIDATION";
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
                    "application/json": {
                        data: {
                            code: number;
                            name: string;
                            email: string;
                            emailPrefix: string;
                            domainCode: number;
                            domainName: string;
                            /** @enum {string} */
                            status: "ACTIVE" | "INACTIVE" | "PENDING_VALIDATION";
                            createDate: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    deleteMktSendersById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            code: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getMktSendersByIdSendEmailToken: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            code: number;
                            name: string;
                            email: string;
                            emailPrefix: string;
                            domainCode: number;
                            domainName: string;
                            /** @enum {string} */
                            status: "ACTIVE" | "INACTIVE" | "PENDING_VALIDATION";
                            createDate: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putMktSendersByIdStatus: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    status: "ACTIVE" | "INACTIVE";
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
                    "application/json": {
                        data: {
                            code: number;
                            name: string;
                            email: string;
                            emailPrefix: string;
                            domainCode: number;
                            domainName: string;
                            /** @enum {string} */
                            status: "ACTIVE" | "INACTIVE" | "PENDING_VALIDATION";
                            createDate: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postMktSendersByIdValidateToken: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
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
                    "application/json": {
                        data: {
                            code: number;
                            name: string;
                            email: string;
                            emailPrefix: string;
                            domainCode: number;
                            domainName: string;
                            /** @enum {string} */
                            status: "ACTIVE" | "INACTIVE" | "PENDING_VALIDATION";
                            createDate: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postPublicSenderEmailConfirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    senderCode: number;
                    senderToken: string;
                    token: string;
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
                    "application/json": {
                        data: {
                            /** @enum {boolean} */
                            confirmed: true;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getMktAccountsBalanceByType: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                type: "EMAIL" | "SMS";
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
                        data: {
                            /** @enum {string} */
                            type: "EMAIL" | "SMS";
                            balance: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getMktAccounts: {
        parameters: {
            query?: {
                page?: number;
                itemsPerPage?: number;
                type?: "EMAIL" | "SMS";
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            list: {
                                code: number;
                                /** @enum {string} */
                                type: "EMAIL" | "SMS";
                                initialDate: string;
                                endDate: string;
                                used: number;
                                purchased: number;
                                extra: boolean;
                                current: boolean;
                            }[];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getMktRecurrentPlans: {
        parameters: {
            query?: {
                active?: "true";
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            list: {
                                code: number;
                                /** @enum {string} */
                                type: "EMAIL" | "SMS";
                                active: boolean;
                                acquiredDate: string;
                                credits: number;
                                periodicity: number | null;
                                extra: boolean;
                            }[];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getMktEmailsCampaign: {
        parameters: {
            query?: {
                status?: ("DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "ERROR")[];
                orderingCriteria?: "scheduleDate" | "startDate" | "code";
                orderingAscending?: "true" | "false";
                birthday?: "true" | "false";
                page?: number;
                itemsPerPage?: number;
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            list: {
                                code: number;
                                /** @enum {string} */
                                type: "EMAIL" | "SMS";
                                /** @enum {string} */
                                status: "DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "ERROR";
                                name: string | null;
                                subject: string | null;
                                content: string | null;
                                htmlContent: string | null;
                                jsonContent: unknown;
                                imagePreview: string | null;
                                sender: {
                                    code: number;
                                    name: string;
                                    email: string;
                                } | null;
                                destination: {
                                    segment: {
                                        code: number;
                                        name: string;
                                        query: unknown;
                                        type: string;
                                    } | null;
                                };
                                totalContacts: number;
                                totalDropped: number;
                                scheduleDate: string | null;
                                startDate: string | null;
                                totalDelivered: number;
                                totalOpened: number;
                                totalClicked: number;
                                errorReason: string | null;
                                birthday: boolean;
                                smsParts: number | null;
                                pausedUntil: string | null;
                                createDate: string;
                            }[];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postMktEmailsCampaign: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string | null;
                    subject: string;
                    /** @default  */
                    htmlContent?: string;
                    jsonContent?: unknown;
                    imagePreview?: string | null;
                    totalContacts?: number;
                    senderCode: number;
                    destination: {
                        segment: {
                            code: number;
                            name?: string;
                            query?: unknown;
                            /** @enum {string} */
                            type?: "PERSON" | "TEAM" | "COMPANY";
                        };
                    };
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
                    "application/json": {
                        data: {
                            code: number;
                            /** @enum {string} */
                            type: "EMAIL" | "SMS";
                            /** @enum {string} */
                            status: "DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "ERROR";
                            name: string | null;
                            subject: string | null;
                            content: string | null;
                            htmlContent: string | null;
                            jsonContent: unknown;
                            imagePreview: string | null;
                            sender: {
                                code: number;
                                name: string;
                                email: string;
                            } | null;
                            destination: {
                                segment: {
                                    code: number;
                                    name: string;
                                    query: unknown;
                                    type: string;
                                } | null;
                            };
                            totalContacts: number;
                            totalDropped: number;
                            scheduleDate: string | null;
                            startDate: string | null;
                            totalDelivered: number;
                            totalOpened: number;
                            totalClicked: number;
                            errorReason: string | null;
                            birthday: boolean;
                            smsParts: number | null;
                            pausedUntil: string | null;
                            createDate: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getMktEmailsCampaignById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            code: number;
                            /** @enum {string} */
                            type: "EMAIL" | "SMS";
                            /** @enum {string} */
                            status: "DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "ERROR";
                            name: string | null;
                            subject: string | null;
                            content: string | null;
                            htmlContent: string | null;
                            jsonContent: unknown;
                            imagePreview: string | null;
                            sender: {
                                code: number;
                                name: string;
                                email: string;
                            } | null;
                            destination: {
                                segment: {
                                    code: number;
                                    name: string;
                                    query: unknown;
                                    type: string;
                                } | null;
                            };
                            totalContacts: number;
                            totalDropped: number;
                            scheduleDate: string | null;
                            startDate: string | null;
                            totalDelivered: number;
                            totalOpened: number;
                            totalClicked: number;
                            errorReason: string | null;
                            birthday: boolean;
                            smsParts: number | null;
                            pausedUntil: string | null;
                            createDate: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putMktEmailsCampaignById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string | null;
                    subject: string;
                    /** @default  */
                    htmlContent?: string;
                    jsonContent?: unknown;
                    imagePreview?: string | null;
                    totalContacts?: number;
                    senderCode: number;
                    destination: {
                        segment: {
                            code: number;
                            name?: string;
                            query?: unknown;
                            /** @enum {string} */
                            type?: "PERSON" | "TEAM" | "COMPANY";
                        };
                    };
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
                    "application/json": {
                        data: {
                            code: number;
                            /** @enum {string} */
                            type: "EMAIL" | "SMS";
                            /** @enum {string} */
                            status: "DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "ERROR";
                            name: string | null;
                            subject: string | null;
                            content: string | null;
                            htmlContent: string | null;
                            jsonContent: unknown;
                            imagePreview: string | null;
                            sender: {
                                code: number;
                                name: string;
                                email: string;
                            } | null;
                            destination: {
                                segment: {
                                    code: number;
                                    name: string;
                                    query: unknown;
                                    type: string;
                                } | null;
                            };
                            totalContacts: number;
                            totalDropped: number;
                            scheduleDate: string | null;
                            startDate: string | null;
                            totalDelivered: number;
                            totalOpened: number;
                            totalClicked: number;
                            errorReason: string | null;
                            birthday: boolean;
                            smsParts: number | null;
                            pausedUntil: string | null;
                            createDate: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    deleteMktEmailsCampaignById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            code: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postMktEmailsCampaignCloneById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            code: number;
                            /** @enum {string} */
                            type: "EMAIL" | "SMS";
                            /** @enum {string} */
                            status: "DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "ERROR";
                            name: string | null;
                            subject: string | null;
                            content: string | null;
                            htmlContent: string | null;
                            jsonContent: unknown;
                            imagePreview: string | null;
                            sender: {
                                code: number;
                                name: string;
                                email: string;
                            } | null;
                            destination: {
                                segment: {
                                    code: number;
                                    name: string;
                                    query: unknown;
                                    type: string;
                                } | null;
                            };
                            totalContacts: number;
                            totalDropped: number;
                            scheduleDate: string | null;
                            startDate: string | null;
                            totalDelivered: number;
                            totalOpened: number;
                            totalClicked: number;
                            errorReason: string | null;
                            birthday: boolean;
                            smsParts: number | null;
                            pausedUntil: string | null;
                            createDate: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postMktEmailsCampaignScheduleById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    scheduleDate: string;
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
                    "application/json": {
                        data: {
                            code: number;
                            /** @enum {string} */
                            type: "EMAIL" | "SMS";
                            /** @enum {string} */
                            status: "DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "ERROR";
                            name: string | null;
                            subject: string | null;
                            content: string | null;
                            htmlContent: string | null;
                            jsonContent: unknown;
                            imagePreview: string | null;
                            sender: {
                                code: number;
                                name: string;
                                email: string;
                            } | null;
                            destination: {
                                segment: {
                                    code: number;
                                    name: string;
                                    query: unknown;
                                    type: string;
                                } | null;
                            };
                            totalContacts: number;
                            totalDropped: number;
                            scheduleDate: string | null;
                            startDate: string | null;
                            totalDelivered: number;
                            totalOpened: number;
                            totalClicked: number;
                            errorReason: string | null;
                            birthday: boolean;
                            smsParts: number | null;
                            pausedUntil: string | null;
                            createDate: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postMktEmailsCampaignUnscheduleById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            code: number;
                            /** @enum {string} */
                            type: "EMAIL" | "SMS";
                            /** @enum {string} */
                            status: "DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "ERROR";
                            name: string | null;
                            subject: string | null;
                            content: string | null;
                            htmlContent: string | null;
                            jsonContent: unknown;
                            imagePreview: string | null;
                            sender: {
                                code: number;
                                name: string;
                                email: string;
                            } | null;
                            destination: {
                                segment: {
                                    code: number;
                                    name: string;
                                    query: unknown;
                                    type: string;
                                } | null;
                            };
                            totalContacts: number;
                            totalDropped: number;
                            scheduleDate: string | null;
                            startDate: string | null;
                            totalDelivered: number;
                            totalOpened: number;
                            totalClicked: number;
                            errorReason: string | null;
                            birthday: boolean;
                            smsParts: number | null;
                            pausedUntil: string | null;
                            createDate: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postMktEmailsCampaignSendById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            code: number;
                            /** @enum {string} */
                            type: "EMAIL" | "SMS";
                            /** @enum {string} */
                            status: "DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "ERROR";
                            name: string | null;
                            subject: string | null;
                            content: string | null;
                            htmlContent: string | null;
                            jsonContent: unknown;
                            imagePreview: string | null;
                            sender: {
                                code: number;
                                name: string;
                                email: string;
                            } | null;
                            destination: {
                                segment: {
                                    code: number;
                                    name: string;
                                    query: unknown;
                                    type: string;
                                } | null;
                            };
                            totalContacts: number;
                            totalDropped: number;
                            scheduleDate: string | null;
                            startDate: string | null;
                            totalDelivered: number;
                            totalOpened: number;
                            totalClicked: number;
                            errorReason: string | null;
                            birthday: boolean;
                            smsParts: number | null;
                            pausedUntil: string | null;
                            createDate: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getMktEmailsCampaignByIdReportsByReport: {
        parameters: {
            query?: {
                page?: number;
                itemsPerPage?: number;
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                id: string;
                report: "processed" | "delivered" | "open" | "bounce" | "dropped" | "spamReport" | "unsubscribe";
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
                        data: {
                            count: number;
                            listed: number;
                            receivers: string;
                            list: {
                                contact: string;
                                message: string;
                                at: string | null;
                            }[];
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getMktEmailsListInfo: {
        parameters: {
            query: {
                segmentCode: number;
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getMktSmsCampaign: {
        parameters: {
            query?: {
                status?: ("DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "ERROR")[];
                orderingCriteria?: "scheduleDate" | "startDate" | "code";
                orderingAscending?: "true" | "false";
                birthday?: "true" | "false";
                page?: number;
                itemsPerPage?: number;
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            list: {
                                code: number;
                                /** @enum {string} */
                                type: "EMAIL" | "SMS";
                                /** @enum {string} */
                                status: "DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "ERROR";
                                name: string | null;
                                subject: string | null;
                                content: string | null;
                                htmlContent: string | null;
                                jsonContent: unknown;
                                imagePreview: string | null;
                                sender: {
                                    code: number;
                                    name: string;
                                    email: string;
                                } | null;
                                destination: {
                                    segment: {
                                        code: number;
                                        name: string;
                                        query: unknown;
                                        type: string;
                                    } | null;
                                };
                                totalContacts: number;
                                totalDropped: number;
                                scheduleDate: string | null;
                                startDate: string | null;
                                totalDelivered: number;
                                totalOpened: number;
                                totalClicked: number;
                                errorReason: string | null;
                                birthday: boolean;
                                smsParts: number | null;
                                pausedUntil: string | null;
                                createDate: string;
                            }[];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postMktSmsCampaign: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string | null;
                    content: string;
                    totalContacts?: number;
                    destination: {
                        segment: {
                            code: number;
                            name?: string;
                            query?: unknown;
                            /** @enum {string} */
                            type?: "PERSON" | "TEAM" | "COMPANY";
                        };
                    };
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
                    "application/json": {
                        data: {
                            code: number;
                            /** @enum {string} */
                            type: "EMAIL" | "SMS";
                            /** @enum {string} */
                            status: "DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "ERROR";
                            name: string | null;
                            subject: string | null;
                            content: string | null;
                            htmlContent: string | null;
                            jsonContent: unknown;
                            imagePreview: string | null;
                            sender: {
                                code: number;
                                name: string;
                                email: string;
                            } | null;
                            destination: {
                                segment: {
                                    code: number;
                                    name: string;
                                    query: unknown;
                                    type: string;
                                } | null;
                            };
                            totalContacts: number;
                            totalDropped: number;
                            scheduleDate: string | null;
                            startDate: string | null;
                            totalDelivered: number;
                            totalOpened: number;
                            totalClicked: number;
                            errorReason: string | null;
                            birthday: boolean;
                            smsParts: number | null;
                            pausedUntil: string | null;
                            createDate: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getMktSmsCampaignById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            code: number;
                            /** @enum {string} */
                            type: "EMAIL" | "SMS";
                            /** @enum {string} */
                            status: "DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "ERROR";
                            name: string | null;
                            subject: string | null;
                            content: string | null;
                            htmlContent: string | null;
                            jsonContent: unknown;
                            imagePreview: string | null;
                            sender: {
                                code: number;
                                name: string;
                                email: string;
                            } | null;
                            destination: {
                                segment: {
                                    code: number;
                                    name: string;
                                    query: unknown;
                                    type: string;
                                } | null;
                            };
                            totalContacts: number;
                            totalDropped: number;
                            scheduleDate: string | null;
                            startDate: string | null;
                            totalDelivered: number;
                            totalOpened: number;
                            totalClicked: number;
                            errorReason: string | null;
                            birthday: boolean;
                            smsParts: number | null;
                            pausedUntil: string | null;
                            createDate: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putMktSmsCampaignById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string | null;
                    content: string;
                    totalContacts?: number;
                    destination: {
                        segment: {
                            code: number;
                            name?: string;
                            query?: unknown;
                            /** @enum {string} */
                            type?: "PERSON" | "TEAM" | "COMPANY";
                        };
                    };
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
                    "application/json": {
                        data: {
                            code: number;
                            /** @enum {string} */
                            type: "EMAIL" | "SMS";
                            /** @enum {string} */
                            status: "DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "ERROR";
                            name: string | null;
                            subject: string | null;
                            content: string | null;
                            htmlContent: string | null;
                            jsonContent: unknown;
                            imagePreview: string | null;
                            sender: {
                                code: number;
                                name: string;
                                email: string;
                            } | null;
                            destination: {
                                segment: {
                                    code: number;
                                    name: string;
                                    query: unknown;
                                    type: string;
                                } | null;
                            };
                            totalContacts: number;
                            totalDropped: number;
                            scheduleDate: string | null;
                            startDate: string | null;
                            totalDelivered: number;
                            totalOpened: number;
                            totalClicked: number;
                            errorReason: string | null;
                            birthday: boolean;
                            smsParts: number | null;
                            pausedUntil: string | null;
                            createDate: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    deleteMktSmsCampaignById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            code: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postMktSmsCampaignCloneById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            code: number;
                            /** @enum {string} */
                            type: "EMAIL" | "SMS";
                            /** @enum {string} */
                            status: "DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "ERROR";
                            name: string | null;
                            subject: string | null;
                            content: string | null;
                            htmlContent: string | null;
                            jsonContent: unknown;
                            imagePreview: string | null;
                            sender: {
                                code: number;
                                name: string;
                                email: string;
                            } | null;
                            destination: {
                                segment: {
                                    code: number;
                                    name: string;
                                    query: unknown;
                                    type: string;
                                } | null;
                            };
                            totalContacts: number;
                            totalDropped: number;
                            scheduleDate: string | null;
                            startDate: string | null;
                            totalDelivered: number;
                            totalOpened: number;
                            totalClicked: number;
                            errorReason: string | null;
                            birthday: boolean;
                            smsParts: number | null;
                            pausedUntil: string | null;
                            createDate: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postMktSmsCampaignScheduleById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    scheduleDate: string;
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
                    "application/json": {
                        data: {
                            code: number;
                            /** @enum {string} */
                            type: "EMAIL" | "SMS";
                            /** @enum {string} */
                            status: "DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "ERROR";
                            name: string | null;
                            subject: string | null;
                            content: string | null;
                            htmlContent: string | null;
                            jsonContent: unknown;
                            imagePreview: string | null;
                            sender: {
                                code: number;
                                name: string;
                                email: string;
                            } | null;
                            destination: {
                                segment: {
                                    code: number;
                                    name: string;
                                    query: unknown;
                                    type: string;
                                } | null;
                            };
                            totalContacts: number;
                            totalDropped: number;
                            scheduleDate: string | null;
                            startDate: string | null;
                            totalDelivered: number;
                            totalOpened: number;
                            totalClicked: number;
                            errorReason: string | null;
                            birthday: boolean;
                            smsParts: number | null;
                            pausedUntil: string | null;
                            createDate: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postMktSmsCampaignUnscheduleById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            code: number;
                            /** @enum {string} */
                            type: "EMAIL" | "SMS";
                            /** @enum {string} */
                            status: "DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "ERROR";
                            name: string | null;
                            subject: string | null;
                            content: string | null;
                            htmlContent: string | null;
                            jsonContent: unknown;
                            imagePreview: string | null;
                            sender: {
                                code: number;
                                name: string;
                                email: string;
                            } | null;
                            destination: {
                                segment: {
                                    code: number;
                                    name: string;
                                    query: unknown;
                                    type: string;
                                } | null;
                            };
                            totalContacts: number;
                            totalDropped: number;
                            scheduleDate: string | null;
                            startDate: string | null;
                            totalDelivered: number;
                            totalOpened: number;
                            totalClicked: number;
                            errorReason: string | null;
                            birthday: boolean;
                            smsParts: number | null;
                            pausedUntil: string | null;
                            createDate: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postMktSmsCampaignSendById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            code: number;
                            /** @enum {string} */
                            type: "EMAIL" | "SMS";
                            /** @enum {string} */
                            status: "DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "ERROR";
                            name: string | null;
                            subject: string | null;
                            content: string | null;
                            htmlContent: string | null;
                            jsonContent: unknown;
                            imagePreview: string | null;
                            sender: {
                                code: number;
                                name: string;
                                email: string;
                            } | null;
                            destination: {
                                segment: {
                                    code: number;
                                    name: string;
                                    query: unknown;
                                    type: string;
                                } | null;
                            };
                            totalContacts: number;
                            totalDropped: number;
                            scheduleDate: string | null;
                            startDate: string | null;
                            totalDelivered: number;
                            totalOpened: number;
                            totalClicked: number;
                            errorReason: string | null;
                            birthday: boolean;
                            smsParts: number | null;
                            pausedUntil: string | null;
                            createDate: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getMktSmsCampaignByIdReportsByReport: {
        parameters: {
            query?: {
                page?: number;
                itemsPerPage?: number;
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                id: string;
                report: "processed" | "delivered" | "failed" | "dropped" | "unsubscribe";
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
                        data: {
                            count: number;
                            listed: number;
                            receivers: string;
                            list: {
                                contact: string;
                                message: string;
                                at: string | null;
                            }[];
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getMktSmsListInfo: {
        parameters: {
            query: {
                segmentCode: number;
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            total: number;
                            longest: {
                                firstName?: number;
                                lastName?: number;
                                fullName?: number;
                                email?: number;
                            };
                            sample: {
                                firstName: string;
                                lastName: string;
                                fullName: string;
                                email: string;
                            } | null;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postMktEmailsCampaignTestById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    emails: string[];
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
                    "application/json": {
                        data: {
                            sent: string[];
                            failed: {
                                to: string;
                                message: string;
                            }[];
                            credits: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postMktSmsCampaignTestById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    phones: string[];
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
                    "application/json": {
                        data: {
                            sent: string[];
                            failed: {
                                to: string;
                                message: string;
                            }[];
                            credits: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getMktSmsSettings: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            senderIdentification: string | null;
                            quietHours: string | null;
                            defaultQuietHours: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putMktSmsSettings: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    senderIdentification: string;
                    quietHours: string | null;
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
                    "application/json": {
                        data: {
                            senderIdentification: string | null;
                            quietHours: string | null;
                            defaultQuietHours: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getDemands: {
        parameters: {
            query?: {
                page?: number;
                itemsPerPage?: number;
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            list: components["schemas"]["Demand"][];
                            total: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postDemands: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                    description?: string | null;
                    applicant: number;
                    /** @enum {string} */
                    status?: "OPEN" | "IN_PROGRESS" | "DONE" | "CANCELED";
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
                    "application/json": {
                        data: {
                            code: number;
                            title: string;
                            description: string | null;
                            applicant: number;
                            applicantName: string | null;
                            /** @enum {string} */
                            status: "OPEN" | "IN_PROGRESS" | "DONE" | "CANCELED";
                            createdAt: string;
                            files: {
                                name: string;
                                originalName: string;
                                extension: string;
                                size: number;
                            }[];
                            history: {
                                /** @enum {string|null} */
                                from: "OPEN" | "IN_PROGRESS" | "DONE" | "CANCELED" | null;
                                /** @enum {string} */
                                to: "OPEN" | "IN_PROGRESS" | "DONE" | "CANCELED";
                                by: string | null;
                                at: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getDemandsByCode: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                code: string;
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
                        data: {
                            code: number;
                            title: string;
                            description: string | null;
                            applicant: number;
                            applicantName: string | null;
                            /** @enum {string} */
                            status: "OPEN" | "IN_PROGRESS" | "DONE" | "CANCELED";
                            createdAt: string;
                            files: {
                                name: string;
                                originalName: string;
                                extension: string;
                                size: number;
                            }[];
                            history: {
                                /** @enum {string|null} */
                                from: "OPEN" | "IN_PROGRESS" | "DONE" | "CANCELED" | null;
                                /** @enum {string} */
                                to: "OPEN" | "IN_PROGRESS" | "DONE" | "CANCELED";
                                by: string | null;
                                at: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postDemandsByCodeStatus: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    status: "OPEN" | "IN_PROGRESS" | "DONE" | "CANCELED";
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
                    "application/json": {
                        data: {
                            code: number;
                            title: string;
                            description: string | null;
                            applicant: number;
                            applicantName: string | null;
                            /** @enum {string} */
                            status: "OPEN" | "IN_PROGRESS" | "DONE" | "CANCELED";
                            createdAt: string;
                            files: {
                                name: string;
                                originalName: string;
                                extension: string;
                                size: number;
                            }[];
                            history: {
                                /** @enum {string|null} */
                                from: "OPEN" | "IN_PROGRESS" | "DONE" | "CANCELED" | null;
                                /** @enum {string} */
                                to: "OPEN" | "IN_PROGRESS" | "DONE" | "CANCELED";
                                by: string | null;
                                at: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getDemandFilesByName: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getMktOutbox: {
        parameters: {
            query?: {
                channel?: "EMAIL" | "SMS";
                page?: number;
                itemsPerPage?: number;
            };
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            list: {
                                id: string;
                                /** @enum {string} */
                                channel: "EMAIL" | "SMS";
                                shotCode: number | null;
                                to: string;
                                from: string;
                                subject: string;
                                createdAt: string;
                                /** @enum {string|null} */
                                marked: "delivered" | "bounce" | "spam" | "failed" | "reply" | null;
                                test: boolean;
                            }[];
                            total: number;
                            inUse: boolean;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getMktOutboxById: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            id: string;
                            /** @enum {string} */
                            channel: "EMAIL" | "SMS";
                            shotCode: number | null;
                            to: string;
                            from: string;
                            subject: string;
                            createdAt: string;
                            /** @enum {string|null} */
                            marked: "delivered" | "bounce" | "spam" | "failed" | "reply" | null;
                            test: boolean;
                            html: string | null;
                            text: string | null;
                            headers: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postMktOutboxByIdMark: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    as: "delivered" | "bounce" | "spam" | "failed" | "reply";
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
                    "application/json": {
                        data: {
                            id: string;
                            /** @enum {string} */
                            channel: "EMAIL" | "SMS";
                            shotCode: number | null;
                            to: string;
                            from: string;
                            subject: string;
                            createdAt: string;
                            /** @enum {string|null} */
                            marked: "delivered" | "bounce" | "spam" | "failed" | "reply" | null;
                            test: boolean;
                            html: string | null;
                            text: string | null;
                            headers: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postMktOutboxByIdReply: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text: string;
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
                    "application/json": {
                        data: {
                            id: string;
                            /** @enum {string} */
                            channel: "EMAIL" | "SMS";
                            shotCode: number | null;
                            to: string;
                            from: string;
                            subject: string;
                            createdAt: string;
                            /** @enum {string|null} */
                            marked: "delivered" | "bounce" | "spam" | "failed" | "reply" | null;
                            test: boolean;
                            html: string | null;
                            text: string | null;
                            headers: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getMktEmailsBirthday: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: {
                            active: boolean;
                            senderCode: number | null;
                            subject: string;
                            htmlContent: string;
                            jsonContent: unknown;
                            sendHour: number;
                            updatedAt: string | null;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    putMktEmailsBirthday: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active: boolean;
                    senderCode: number | null;
                    subject: string;
                    /** @default  */
                    htmlContent?: string;
                    jsonContent?: unknown;
                    sendHour: number;
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
                    "application/json": {
                        data: {
                            active: boolean;
                            senderCode: number | null;
                            subject: string;
                            htmlContent: string;
                            jsonContent: unknown;
                            sendHour: number;
                            updatedAt: string | null;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getPublicUnsubscribeByLinkId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                linkId: string;
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
                        data: {
                            address: string;
                            sender: string;
                            mandate: string;
                            optedOut: boolean;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postPublicUnsubscribeByLinkId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                linkId: string;
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
                        data: {
                            /** @enum {boolean} */
                            unsubscribed: true;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getPublicTOByFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/gif": string;
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    getPublicTCByLinkId: {
        parameters: {
            query: {
                u: string;
                s: string;
            };
            header?: never;
            path: {
                linkId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redireciona ao destino assinado */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Link alterado ou inválido: página pt-BR (caracteres de controle: o erro JSON) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postPublicShotsEvents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    events: {
                        /** @enum {string} */
                        type: "delivered" | "bounce" | "complaint";
                        messageId: string;
                        reason?: string;
                        /** Format: date-time */
                        at?: string;
                    }[];
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
                    "application/json": {
                        data: {
                            accepted: number;
                            ignored: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postPublicSmsEvents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": unknown;
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
                        data: {
                            /** @enum {boolean} */
                            received: true;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postSysAdminSchemasBySlugUploadLogo: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                slug: string;
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
                        data: {
                            logoUrl: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postPeopleImport: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
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
                        data: components["schemas"]["ImportLog"];
                    };
                };
            };
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ImportLog"];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
    postDemandsByCodeFiles: {
        parameters: {
            query?: never;
            header: {
                /** @description Slug do tenant (ex.: demo) */
                "x-schema": string;
            };
            path: {
                code: string;
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
                        data: {
                            name: string;
                            originalName: string;
                            extension: string;
                            size: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorAnswer"];
                };
            };
        };
    };
}
