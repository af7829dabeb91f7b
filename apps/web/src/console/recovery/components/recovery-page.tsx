/** Recuperação (owner, manager): the abandoned-cart rule and the reminders in the pipeline (issue 36). */
import { useRecoveryRule } from '../api/recovery';
import { LoadError, Loading } from '../../components/page-state';
import { RecoveryPipeline } from './pipeline';
import { RecoveryRuleForm } from './rule-form';
import './recovery.css';

export function RecoveryPage({ shop }: { shop: string }) {
  const rule = useRecoveryRule(shop);
  return (
    <>
      <h1 className="console-title">Recuperação</h1>
      <p className="console-muted">
        Lembretes pelo chat para quem deixou itens no carrinho ou confirmou e ainda não pagou o Pix ou o
        boleto, com as regras da sua loja: quando enviar, o horário de silêncio e quantos por cliente. Cada
        lembrete vai uma vez só, pela fila de mensagens.
      </p>
      <section className="console-card">
        {rule.isPending ? (
          <Loading />
        ) : rule.isError ? (
          <LoadError error={rule.error} onRetry={() => void rule.refetch()} />
        ) : (
          <RecoveryRuleForm shop={shop} rule={rule.data} />
        )}
      </section>
      <RecoveryPipeline shop={shop} />
    </>
  );
}
