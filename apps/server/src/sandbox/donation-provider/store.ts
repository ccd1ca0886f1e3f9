import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { zonedDate } from '@mandato/domain';

export interface CandidateAddress {
  tipo_endereco_id: 1;
  logradouro: string;
  numero: string;
  complemento?: string;
  uf_codigo_ibge: number;
  municipio_codigo_ibge: number;
  bairro: string;
  cep: string;
  fone: string;
  celular: string;
  email: string;
}

export interface Candidate {
  id: number;
  confirmado: boolean;
  nome: string;
  cpf: string;
  rg: string;
  orgao_expedidor: string;
  titulo_eleitoral: string;
  data_nascimento: string;
  tipo_candidatura_id: number;
  partido_id: number;
  descricao_preferencia_campanha: string;
  email_usuario: string;
  /** the photo is checked, not kept: its type and size */
  foto: { tipo: 'image/jpeg' | 'image/png'; bytes: number };
  endereco_attributes: CandidateAddress;
  criadoEm: string;
}

export interface Campaign {
  token: string;
  candidato_id: number;
  nome: string;
  ativo: boolean;
  minCents: number;
  sugeridoCents: number;
  maxCents: number;
  data: string;
  campanha_url: string;
}

export type InvoiceStatus = 'Paga' | 'Pendente';

export interface Invoice {
  id: number;
  /** the unguessable key of the donor's own page of the invoice */
  chave: string;
  campanhaToken: string;
  data: string;
  doador: { nome: string; cpf: string; email: string; celular: string };
  valorCents: number;
  status: InvoiceStatus;
}

export interface Account {
  candidates: Candidate[];
  campaigns: Campaign[];
  invoices: Invoice[];
}

interface SavedState {
  version: 1;
  nextCandidateId: number;
  nextInvoiceId: number;
  accounts: [string, Account][];
}

export const newKey = () => randomBytes(16).toString('hex');

/**
 * The sandbox's accounts, one per provider token (the Basic-auth user): each token sees only its
 * own candidates, campaigns and invoices. In memory; with a state file, loaded at start and written
 * after each change (temporary file, then rename: a crash leaves the old or the new state).
 */
export class DonationStore {
  private readonly accounts = new Map<string, Account>();
  private nextCandidateId = 1;
  private nextInvoiceId = 1;

  constructor(private readonly stateFile?: string) {
    if (stateFile && fs.existsSync(stateFile)) this.load(stateFile);
  }

  account(token: string): Account {
    let account = this.accounts.get(token);
    if (!account) {
      account = { candidates: [], campaigns: [], invoices: [] };
      this.accounts.set(token, account);
    }
    return account;
  }

  takeCandidateId(): number {
    return this.nextCandidateId++;
  }

  takeInvoiceId(): number {
    return this.nextInvoiceId++;
  }

  /** Every account with its token, for the operator page and the public pages. */
  entries(): [string, Account][] {
    return [...this.accounts.entries()];
  }

  candidateById(id: number): Candidate | undefined {
    for (const account of this.accounts.values()) {
      const found = account.candidates.find((c) => c.id === id);
      if (found) return found;
    }
    return undefined;
  }

  campaignByUrl(campanhaUrl: string): { campaign: Campaign; account: Account } | undefined {
    for (const account of this.accounts.values()) {
      const campaign = account.campaigns.find((c) => c.campanha_url === campanhaUrl);
      if (campaign) return { campaign, account };
    }
    return undefined;
  }

  invoiceById(id: number): Invoice | undefined {
    for (const account of this.accounts.values()) {
      const found = account.invoices.find((i) => i.id === id);
      if (found) return found;
    }
    return undefined;
  }

  /** Cents given by a donor's CPF on one São Paulo day, over every campaign, paid or pending. */
  donorDayCents(cpf: string, isoDate: string): number {
    let total = 0;
    for (const account of this.accounts.values()) {
      for (const invoice of account.invoices) {
        if (invoice.doador.cpf === cpf && zonedDate(new Date(invoice.data)) === isoDate)
          total += invoice.valorCents;
      }
    }
    return total;
  }

  campaignUrlTaken(campanhaUrl: string): boolean {
    return this.campaignByUrl(campanhaUrl) !== undefined;
  }

  save(): void {
    if (!this.stateFile) return;
    const state: SavedState = {
      version: 1,
      nextCandidateId: this.nextCandidateId,
      nextInvoiceId: this.nextInvoiceId,
      accounts: this.entries(),
    };
    const temporary = `${this.stateFile}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify(state));
    fs.renameSync(temporary, this.stateFile);
  }

  private load(file: string): void {
    let state: SavedState;
    try {
      state = JSON.parse(fs.readFileSync(file, 'utf8')) as SavedState;
    } catch (error) {
      throw new Error(`Estado do ambiente de testes de doações ilegível (${file}): ${String(error)}`);
    }
    if (state?.version !== 1 || !Array.isArray(state.accounts)) {
      throw new Error(`Estado do ambiente de testes de doações em formato desconhecido (${file})`);
    }
    this.nextCandidateId = state.nextCandidateId;
    this.nextInvoiceId = state.nextInvoiceId;
    for (const [token, account] of state.accounts) this.accounts.set(token, account);
  }
}
